import { describe, expect, it } from "vitest";
import { createChannelFilter } from "../../src/slack/channels.ts";

function lookup(names: Record<string, string>) {
  const calls: string[] = [];
  const fn = async (id: string) => {
    calls.push(id);
    return names[id];
  };
  return { fn, calls };
}

describe("createChannelFilter", () => {
  it("is off when no channels are configured", async () => {
    const { fn } = lookup({});
    const filter = createChannelFilter([], fn, Date.now);
    expect(filter.enabled).toBe(false);
    expect(await filter.allows("C0123ABCD")).toBe(false);
  });

  it("allows configured IDs without looking anything up", async () => {
    const { fn, calls } = lookup({});
    const filter = createChannelFilter(["C0123ABCD"], fn, Date.now);
    expect(await filter.allows("C0123ABCD")).toBe(true);
    expect(calls).toEqual([]);
  });

  it("matches names and globs, with or without #, case-insensitively", async () => {
    const { fn } = lookup({ C1INCIDENT: "incidents", C2INCDB: "inc-db", C3RANDOM: "random", C4INC: "Inc-API" });
    const filter = createChannelFilter(["#incidents", "inc-*"], fn, Date.now);
    expect(await filter.allows("C1INCIDENT")).toBe(true);
    expect(await filter.allows("C2INCDB")).toBe(true);
    expect(await filter.allows("C4INC")).toBe(true);
    expect(await filter.allows("C3RANDOM")).toBe(false);
  });

  it("does not treat glob metacharacters other than * and ? as regex", async () => {
    const { fn } = lookup({ C1AAAAAA: "incxdb" });
    const filter = createChannelFilter(["inc.db"], fn, Date.now);
    expect(await filter.allows("C1AAAAAA")).toBe(false);
  });

  it("looks each channel up once and caches the answer, also an unknown channel", async () => {
    const { fn, calls } = lookup({ C1INCIDENT: "incidents" });
    let t = 0;
    const filter = createChannelFilter(["incidents"], fn, () => t);
    await filter.allows("C1INCIDENT");
    await filter.allows("C1INCIDENT");
    await filter.allows("C9UNKNOWN");
    await filter.allows("C9UNKNOWN");
    expect(calls).toEqual(["C1INCIDENT", "C9UNKNOWN"]);
    t = 11 * 60_000;
    await filter.allows("C1INCIDENT");
    expect(calls).toEqual(["C1INCIDENT", "C9UNKNOWN", "C1INCIDENT"]);
  });
});
