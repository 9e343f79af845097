import { describe, expect, it } from "vitest";
import { type OriginFacts, originOf } from "../../src/build/origin.ts";

const base: OriginFacts = {
  errorMessage: "something happened",
  errorType: "error_code",
  errorClass: null,
  construct: "bail",
  component: "meta",
  filePath: "src/meta/src/x.rs",
};

describe("catalog build: who acts on an error, from the code", () => {
  it.each<[string, Partial<OriginFacts>, "user" | "external" | "internal" | null]>([
    ["a panic is RisingWave's own invariant", { errorType: "panic", construct: "expect" }, "internal"],
    ["a winnow parser label is the user's SQL", { construct: "parser-expect", component: "sqlparser" }, "user"],
    ["a bind error", { errorClass: "ErrorCode::BindError", construct: "constructor" }, "user"],
    ["a feature not supported", { macro: "bail_not_implemented", component: "frontend" }, "user"],
    ["a permission", { errorClass: "ErrorCode::PermissionDenied" }, "user"],
    ["an internal error variant", { errorClass: "ErrorCode::InternalError" }, "internal"],
    ["a Kafka sink's peer", { errorClass: "SinkError::Kafka", component: "connector" }, "external"],
    ["a sink's own configuration", { errorClass: "SinkError::Config", component: "connector" }, "user"],
    [
      "a connector that cannot reach its peer",
      {
        errorMessage: "failed to connect to the broker {}",
        component: "connector",
        filePath: "src/connector/src/k.rs",
      },
      "external",
    ],
    [
      "a payload that does not decode",
      { errorMessage: "failed to decode the message key", component: "connector", filePath: "src/connector/src/p.rs" },
      "external",
    ],
    [
      "the front end refusing a statement",
      {
        errorMessage: "column {} is not allowed in GROUP BY",
        component: "frontend",
        filePath: "src/frontend/src/b.rs",
      },
      "user",
    ],
    ["meta finding its own state off", { errorMessage: "expected a merge node but got {:?}" }, "internal"],
    ["nothing in the code says", { errorMessage: "bad result from the election" }, null],
  ])("%s", (_label, facts, origin) => {
    expect(originOf({ ...base, ...facts })).toBe(origin);
  });
});
