import { describe, expect, it } from "vitest";
import { cleanPasted, plainTextFromSlack } from "../../src/answer/clean.ts";
import { catalogFromRecords } from "../../src/catalog/index.ts";
import { createMatcher } from "../../src/matcher/index.ts";

describe("plainTextFromSlack", () => {
  it("unescapes & < > the way Slack escaped them", () => {
    expect(plainTextFromSlack("a &lt;b&gt; &amp;&amp; c -&gt; d")).toBe("a <b> && c -> d");
  });

  it("does not double-unescape an escaped entity", () => {
    expect(plainTextFromSlack("&amp;lt;")).toBe("&lt;");
  });

  it("turns links, mentions and channels back into what was typed", () => {
    expect(plainTextFromSlack("see <https://x.io/a|x.io/a> and <https://y.io>")).toBe("see x.io/a and https://y.io");
    expect(plainTextFromSlack("cc <@U123> in <#C999|inc-db>")).toBe("cc @U123 in #inc-db");
  });

  it.each([
    ["a typed entity stays typed", "ERROR:  bad token &amp;lt;x&amp;gt;", "bad token &lt;x&gt;"],
    ["escaped brackets become brackets once", "ERROR:  bad token &lt;x&gt;", "bad token <x>"],
    ["a link keeps its label", "ERROR:  see <https://x.io/a|x.io/a>", "see x.io/a"],
  ])("hands the matcher what was typed: %s", (_name, slackText, layer) => {
    const result = createMatcher(catalogFromRecords([])).match(cleanPasted({ slackText }));
    expect(result.layers).toEqual([layer]);
  });
});
