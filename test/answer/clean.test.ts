import { describe, expect, it } from "vitest";
import { plainTextFromSlack } from "../../src/answer/clean.ts";

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
});
