import { parseArgs } from "node:util";
import type { Catalog } from "../catalog/index.ts";
import { renderReportCsv, renderReportJson, renderReportTable } from "../render/digest-report.ts";
import { PeriodError, resolvePeriod } from "../report/period.ts";
import { buildErrorReport } from "../report/report.ts";
import { assertTimeZone } from "../report/zoned-time.ts";
import type { Store } from "../store/index.ts";
import { argumentErrorLine, isParseArgsError } from "./args.ts";

export interface ReportDeps {
  store: Store;
  catalog: Catalog;
  now: () => number;
  /** IANA zone for dates, weeks and the table's times (RWERROR_TZ). */
  tz: string;
  out: (s: string) => void;
  /** Where usage errors go; defaults to `out`. */
  err?: (s: string) => void;
}

export const REPORT_USAGE = `usage: rwerror report [--since 7d | --from DATE [--to DATE] | --week 2026-W48]
                      [--format table|json|csv] [--limit N]
  --since N(m|h|d|w)  the span ending now (default 7d)
  --from/--to         dates (YYYY-MM-DD, local midnight; --to includes its day) or ISO timestamps
  --week              an ISO week, Monday to Monday in RWERROR_TZ
  --limit             how many records to list (default 50)
`;

const FORMATS = { table: renderReportTable, json: renderReportJson, csv: renderReportCsv } as const;

/** `rwerror report …`: prints the report; returns the exit code (0 ok, 2 bad arguments). */
export async function runReportCommand(argv: string[], deps: ReportDeps): Promise<number> {
  const err = deps.err ?? deps.out;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        since: { type: "string" },
        from: { type: "string" },
        to: { type: "string" },
        week: { type: "string" },
        format: { type: "string", default: "table" },
        limit: { type: "string", default: "50" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: false,
    });
    if (values.help) {
      deps.out(REPORT_USAGE);
      return 0;
    }
    const render = FORMATS[values.format as keyof typeof FORMATS];
    if (!render) throw new PeriodError(`--format "${values.format}": expected table, json or csv`);
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1)
      throw new PeriodError(`--limit "${values.limit}": expected a positive whole number`);
    assertTimeZone(deps.tz);
    const period = resolvePeriod(values, deps.now(), deps.tz);
    deps.out(render(await buildErrorReport(deps.store, deps.catalog, period, { limit })));
    return 0;
  } catch (error) {
    if (isParseArgsError(error)) {
      err(argumentErrorLine("report", error));
      return 2;
    }
    if (error instanceof PeriodError || error instanceof RangeError) {
      err(`rwerror report: ${(error as Error).message}\n${REPORT_USAGE}`);
      return 2;
    }
    throw error;
  }
}

export { isParseArgsError };
