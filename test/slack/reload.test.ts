import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildCatalog, type Catalog } from "../../src/catalog/index.ts";
import { createMatcher } from "../../src/matcher/index.ts";
import { type ReloadOutcome, type ReloadWatch, watchCatalog } from "../../src/slack/reload.ts";
import { fakeRecord } from "../report/fixtures.ts";
import { shippedData } from "../support/seeds.ts";

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "rwerror-reload-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const line = (id: string) =>
  JSON.stringify({ record: fakeRecord(id, `reload test failure ${id}`), datasetVersion: id });

function served(paths: string[], options: Parameters<typeof watchCatalog>[4] = {}) {
  const logs: string[] = [];
  let catalog: Catalog = buildCatalog([]);
  const watcher: ReloadWatch = watchCatalog(
    paths,
    (c) => {
      catalog = c;
    },
    { info: (m) => void logs.push(`info ${m}`), warn: (m) => void logs.push(`warn ${m}`) },
    () => catalog,
    { debounceMs: 50, ...options },
  );
  cleanups.push(() => watcher.close());
  const waitFor = async (predicate: () => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`not in time; logs:\n${logs.join("\n")}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { logs, watcher, waitFor, catalog: () => catalog };
}

describe("catalog reload", () => {
  it("reloads on a data file change and on SIGHUP (on a worker thread), and refuses a bad file keeping the last good catalog", async () => {
    const dir = tempDir();
    const file = join(dir, "records.jsonl");
    writeFileSync(file, readFileSync(shippedData, "utf8"));
    const bot = served([file]);
    process.emit("SIGHUP", "SIGHUP");
    await bot.waitFor(() => bot.catalog().records.length === 2);
    const good = bot.catalog();
    writeFileSync(file, `${readFileSync(shippedData, "utf8")}{"record": not json}\n`);
    await bot.waitFor(() => bot.logs.some((l) => l.startsWith("warn")));
    expect(bot.catalog()).toBe(good);
    expect(bot.logs.join("\n")).toMatch(
      /warn catalog reload refused \(.* changed\): .*records\.jsonl:\d+: invalid JSON.*still serving the last good catalog \(2 records\)/,
    );
    const [first = ""] = readFileSync(shippedData, "utf8").split("\n");
    writeFileSync(file, `${first}\n`);
    await bot.waitFor(() => bot.catalog().records.length === 1);
    expect(bot.logs.at(-1)).toMatch(/info catalog reloaded .* in \d+ ms: 1 records/);
    // The new catalog's matcher answers.
    const match = createMatcher(bot.catalog()).match(JSON.parse(first).record.errorMessage);
    expect(match.matches[0]?.record.id).toBe(bot.catalog().records[0]?.id);
  });

  it("runs one reload at a time: ten signals during a slow reload make one more, of the latest files", async () => {
    const dir = tempDir();
    const file = join(dir, "records.jsonl");
    writeFileSync(file, line("v1"));
    let loads = 0;
    const slow = async (): Promise<ReloadOutcome> => {
      loads++;
      const catalog = buildCatalog([]);
      const text = readFileSync(file, "utf8");
      await new Promise((r) => setTimeout(r, 300));
      const version = JSON.parse(text).datasetVersion as string;
      const c = { ...catalog, datasetVersion: version, records: [fakeRecord(version, "x")] };
      return { ok: true, catalog: c, matcher: createMatcher(c), files: [file] };
    };
    const bot = served([file], { load: slow });
    const first = bot.watcher.reload("SIGHUP");
    writeFileSync(file, line("v2"));
    for (let i = 0; i < 10; i++) process.emit("SIGHUP", "SIGHUP");
    await first;
    expect(loads).toBe(2);
    expect(bot.catalog().datasetVersion).toBe("v2");
  });

  it("sees every Kubernetes ConfigMap update (a ..data symlink swap), not only the first", async () => {
    const dir = tempDir();
    // The layout the kubelet writes: the file is a symlink through ..data to a timestamped folder.
    const publish = (n: number) => {
      const version = join(dir, `..2026_12_0${n}`);
      mkdirSync(version);
      writeFileSync(
        join(version, "records.jsonl"),
        [1, 2, 3]
          .slice(0, n)
          .map((i) => line(`cm-${i}`))
          .join("\n"),
      );
      symlinkSync(`..2026_12_0${n}`, join(dir, "..data_tmp"));
      renameSync(join(dir, "..data_tmp"), join(dir, "..data"));
      if (n > 1) rmSync(join(dir, `..2026_12_0${n - 1}`), { recursive: true });
    };
    publish(1);
    symlinkSync("..data/records.jsonl", join(dir, "records.jsonl"));
    const bot = served([join(dir, "records.jsonl")]);
    publish(2);
    await bot.waitFor(() => bot.catalog().records.length === 2);
    publish(3);
    await bot.waitFor(() => bot.catalog().records.length === 3);
  });

  it("does not reload for other files in the data folder (the SQLite file there changes all the time)", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "records.jsonl"), line("only"));
    let loads = 0;
    const bot = served([dir], {
      load: async () => {
        loads++;
        return { ok: false, reason: "not expected" };
      },
    });
    for (let i = 0; i < 5; i++) {
      writeFileSync(join(dir, "rwerror.sqlite-wal"), `write ${i}`);
      await new Promise((r) => setTimeout(r, 80));
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(loads).toBe(0);
    writeFileSync(join(dir, "records.jsonl"), `${line("only")}\n${line("more")}`);
    await bot.waitFor(() => loads === 1);
  });
});
