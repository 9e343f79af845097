/** Issue 20 item 7 (and 13's doubled labels): titles keep the paste's values and lose Debug dumps. */
import { describe, expect, it } from "vitest";
import { collapseDebug, readableText } from "../../src/render/debug-values.ts";
import { listTitle, renderAnswer } from "../../src/render/index.ts";
import { DOWNSTREAM_ID, seedById } from "../support/seeds.ts";
import { exact, result, texts } from "./fixtures.ts";

const BARRIER =
  "Barrier(Barrier { epoch: EpochPair { curr: 7215913082847232, prev: 7215912951316480 }, kind: Checkpoint, mutation: None, tracing_context: TracingContext(None), passed_actors: [1, 2, 3] })";
const S3 =
  'PermissionDenied (permanent) at write, context: { uri: https://s3.us-east-1.amazonaws.com/rw-bucket/hummock/1.sst, response: Parts { status: 403, version: HTTP/1.1, headers: {"x-amz-request-id": "ABC"} }, service: s3, path: hummock/1.sst } => S3Error { code: "AccessDenied", message: "Access Denied", request_id: "ABC" }';

describe("values as a reader wants them", () => {
  it("collapses a Debug struct to its type and the fields that matter", () => {
    expect(collapseDebug(BARRIER)).toBe("Barrier(Barrier {epoch: 7215913082847232, kind: Checkpoint})");
    expect(collapseDebug(S3)).toBe(
      'PermissionDenied (permanent) at write, context: {status: 403, service: s3, path: hummock/1.sst} => S3Error {code: "AccessDenied", message: "Access Denied"}',
    );
    expect(collapseDebug("table not found: t1")).toBe("table not found: t1");
    expect(collapseDebug("unbalanced { brace")).toBe("unbalanced { brace");
  });

  it("says a doubled label once", () => {
    expect(readableText("librdkafka: librdkafka: Message timed out")).toBe("librdkafka: Message timed out");
  });

  it("a title keeps the pasted values when the pattern captured none, and never spills a Debug dump", () => {
    const s3 = {
      ...seedById(DOWNSTREAM_ID),
      id: "00000000opendal1",
      errorMessage: "PermissionDenied (permanent) at {}",
      messagePattern: "PermissionDenied \\(permanent\\) at [^\\n]{1,500}",
    };
    const card = texts(renderAnswer(result([exact(s3, [], S3)]), { ephemeral: true }).blocks);
    expect(card[0]).toBe(
      "PermissionDenied (permanent) at write, context: {status: 403, service: s3, path: hummock/1.sst} => S3Error {code:…",
    );
    expect(card[0]).not.toContain("x-amz-request-id");
    const barrier = {
      ...seedById(DOWNSTREAM_ID),
      id: "00000000barrier1",
      errorMessage: "failed to collect barrier {:?}",
    };
    const shown = texts(renderAnswer(result([exact(barrier, [BARRIER])]), { ephemeral: true }).blocks);
    expect(shown[0]).toBe("failed to collect barrier Barrier(Barrier {epoch: 7215913082847232, kind: Checkpoint})");
    expect(shown.join("\n")).not.toContain("tracing_context");
  });

  it("numbers a record's own numbered solutions once, and names a list item by its slug when its template starts with a hole", () => {
    const record = { ...seedById(DOWNSTREAM_ID), solutions: ["1. Look for broker errors", "2) Raise the timeout"] };
    const shown = texts(renderAnswer(result([exact(record, ["1", "2"])]), { ephemeral: true }).blocks).join("\n");
    expect(shown).toContain("1. Look for broker errors\n2. Raise the timeout");
    expect(listTitle({ errorMessage: "{} (Local: Message timed out)", slug: "kafka-message-timed-out" })).toBe(
      "Kafka message timed out",
    );
    expect(listTitle(seedById(DOWNSTREAM_ID))).toBe("downstream relation missing for … -> …");
  });
});
