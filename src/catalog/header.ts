/**
 * The first line of a built catalog (`data/risingwave.jsonl.gz`): which rwerror built it, when, from
 * which repository and revisions. A header is not a record; the loader keeps it for the banner,
 * App Home and `rwerror --version`.
 */
import { z } from "zod";

export const datasetHeaderSchema = z.looseObject({
  builtBy: z.string(),
  builtAt: z.string(),
  source: z.string(),
  revisions: z.array(z.looseObject({ rev: z.string(), commit: z.string(), date: z.string() })),
});

export type DatasetHeader = z.infer<typeof datasetHeaderSchema>;

/** A parsed JSON line that is a header (`{"header": …}` without a record). */
export function isHeaderLine(value: object): value is { header: unknown } {
  return "header" in value && !("record" in value);
}

/** The date (YYYY-MM-DD) of the revision named `main` in any header, or null. */
export function mainDateOf(headers: readonly DatasetHeader[]): string | null {
  for (const h of headers) {
    const main = h.revisions.find((r) => r.rev === "main");
    if (main) return main.date.slice(0, 10);
  }
  return null;
}
