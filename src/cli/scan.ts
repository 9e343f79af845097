/** `rwerror scan <FILE|-> [--json]`: every known error in a whole log file, streamed. */
import { createReadStream, statSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Config } from "../config.ts";
import { createMatcher } from "../matcher/index.ts";
import { formatScanJson, formatScanTable, scanLog } from "../scan/index.ts";
import { loadForServing } from "../setup/catalog.ts";
import type { CliIo } from "../terminal/io.ts";

export async function scanCommand(argv: string[], config: Config, io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { json: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const [path, ...extra] = positionals;
  if (!path || extra.length > 0) {
    io.err("usage: rwerror scan <FILE|-> [--json]");
    return 2;
  }
  if (path !== "-") {
    try {
      if (!statSync(path).isFile()) throw new Error("not a file");
    } catch {
      io.err(`rwerror scan: cannot read ${path}: no such file`);
      return 1;
    }
  }
  const catalog = loadForServing(config, io);
  // A scan counts exact matches only: fuzzy guesses over millions of lines cost most of the time.
  const matcher = createMatcher(catalog, { fuzzy: false });
  const input = path === "-" ? io.stdin : createReadStream(path, { highWaterMark: 1 << 20 });
  const report = await scanLog(input as AsyncIterable<Uint8Array>, matcher);
  io.out(values.json ? formatScanJson(report) : formatScanTable(report));
  return 0;
}
