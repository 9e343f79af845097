import { describe, expect, it } from "vitest";
import { catalogFromRecords } from "../../src/catalog/index.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import { templateRecord } from "../support/records.ts";

// Old releases list the string arguments of some errors as templates of their own: the
// object type of `{object_type} not found: {name}`, the feature of a not-implemented error.
const matcher = createMatcher(
  catalogFromRecords([
    templateRecord({ id: "not-found", errorMessage: "{object_type} not found: {name}" }),
    templateRecord({ id: "arg-table-or-source", errorMessage: "table or source" }),
    templateRecord({ id: "arg-no-schema", errorMessage: "no schema has been selected to create in" }),
    templateRecord({ id: "not-implemented", errorMessage: "Feature is not yet implemented: {feature}" }),
    templateRecord({ id: "feature-subquery-filter", errorMessage: "subquery in filter clause" }),
    templateRecord({ id: "item-not-found", errorMessage: "Item not found: {0}" }),
    templateRecord({ id: "invalid-column", errorMessage: "Invalid column: {}" }),
    templateRecord({ id: "catalog-error", errorMessage: "Catalog error: {0}" }),
    templateRecord({ id: "bind-error", errorMessage: "Bind error: {0}" }),
    templateRecord({ id: "compute-error", errorMessage: "Compute error: {}, executor: {identity}" }),
    templateRecord({ id: "division-by-zero", errorMessage: "Division by zero" }),
    templateRecord({ id: "at-line", errorMessage: "{} at line {}, column {} {}" }),
    templateRecord({ id: "syntax-error", errorMessage: "syntax error at or near {token}" }),
  ]),
);
const chain = (root: string) =>
  `ERROR:  Failed to run the query\n\nCaused by these errors (recent errors listed first):\n  1: ${root}`;

describe("a template that is only another error's argument", () => {
  it.each([
    ["the object type", chain("Catalog error: table or source not found: t1"), "not-found"],
    ["the object type, bare psql", "ERROR:  table or source not found: public.orders", "not-found"],
    [
      "the name",
      "ERROR:  QueryError: Bind error: failed to bind expression\n\nCaused by:\n  Catalog error: first valid schema not found: no schema has been selected to create in",
      "not-found",
    ],
  ])("is no answer when it fills %s of a template naming an object", (_what, paste, want) => {
    const r = matcher.match(paste);
    // The template it is an argument of ranks first, so the argument is never what is stated.
    expect(r.matches[0]?.record.id).toBe(want);
  });

  it("leaves the object-naming template a confident answer: an earlier placeholder of a generic template holds no cause", () => {
    const r = matcher.match(chain("Catalog error: table or source not found: orders"));
    expect(r.matches[0]?.record.id).toBe("not-found");
    expect(r.verdict).toBe("answer");
  });

  it.each([
    ["a feature", chain("Feature is not yet implemented: subquery in filter clause"), "feature-subquery-filter"],
    [
      "the first placeholder of a specific template",
      "2022-03-19T19:35:53Z ERROR risingwave_stream::executor::actor: Compute error: Division by zero, executor: ProjectExecutor 7",
      "division-by-zero",
    ],
    [
      "an earlier placeholder of a generic template, as a template with values of its own",
      "sql parser error: syntax error at or near WHERE at line 1, column 11\nLINE 1: SELECT 1, WHERE true",
      "syntax-error",
    ],
    ["a source error", chain("Item not found: Invalid column: v1"), "invalid-column"],
  ])("stays the answer when it fills %s", (_what, paste, want) => {
    const r = matcher.match(paste);
    expect(r.matches[0]?.record.id).toBe(want);
    expect(r.verdict).toBe("answer");
  });
});
