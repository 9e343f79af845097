/**
 * `rwerror eval FILE…`: scores the matcher on labelled JSON Lines, in the format of
 * `dev-errors.jsonl` (`{input, expected}`) or `real-pastes-dev.jsonl` (`{paste, expected, wrappers,
 * expectedAnyRelease, kind, rootKind}`): top-1, wrong answers, a reliability table, misses by shape.
 */
import { readFileSync } from "node:fs";
import type { Catalog } from "../catalog/catalog.ts";
import { pasteShape } from "../matcher/grammar.ts";
import type { Matcher, MatchResult } from "../matcher/types.ts";
import type { CliIo } from "../terminal/io.ts";
import { formatHalves } from "./eval-halves.ts";
import { evaluateReleases, formatReleaseEval, labelledPastesOf, thirdPartyRootAnswered } from "./release-eval.ts";

export interface LabelledCase {
  text: string;
  /** Root-cause templates (errorMessage) that count as right. */
  expected: string[];
  /** Old wording: right only when the catalog holds that release's template. */
  expectedAnyRelease: string[];
  /** The labelled root of a paste no template explains (a library's or server's message). */
  rootText?: string;
  /** The shape of the paste (`kind` of real pastes; derived for SQL-test outputs). */
  shape: string;
  /** `tune` or `holdout` for pastes kept out of tuning; absent in files without the field. */
  split?: string;
  source: string;
}

export interface CaseOutcome {
  case: LabelledCase;
  result: MatchResult;
  /** The templates that count as right here (empty: the root cause has no template). */
  accepted: string[];
  top: string | null;
  confidence: number;
  right: boolean;
}

export interface Bucket {
  from: number;
  to: number;
  count: number;
  right: number;
  answers: number;
  answersRight: number;
}

export interface EvalReport {
  file: string;
  total: number;
  withTemplate: number;
  topOne: number;
  answers: number;
  wrongAnswers: CaseOutcome[];
  /** Pastes whose root cause has no template and still got an `answer`. */
  wrongAnswersNoTemplate: number;
  noTemplate: number;
  candidates: number;
  misses: CaseOutcome[];
  buckets: Bucket[];
  outcomes: CaseOutcome[];
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

/** The shape of an SQL-test output, read off its first lines. */
const shapeOf = pasteShape;

/** Parses one file's labelled lines; a line that is not a labelled case is named and skipped. */
export function parseLabelled(file: string, content: string, problems: string[]): LabelledCase[] {
  const out: LabelledCase[] = [];
  content.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(line) as Record<string, unknown>;
    } catch {
      problems.push(`${file}:${i + 1}: not JSON`);
      return;
    }
    const text = typeof row.paste === "string" ? row.paste : typeof row.input === "string" ? row.input : null;
    if (text === null || !Array.isArray(row.expected)) {
      problems.push(`${file}:${i + 1}: no "input"/"paste" string or no "expected" list`);
      return;
    }
    out.push({
      text,
      expected: strings(row.expected),
      expectedAnyRelease: strings(row.expectedAnyRelease),
      ...(typeof row.rootText === "string" && { rootText: row.rootText }),
      shape: typeof row.kind === "string" ? row.kind : shapeOf(text),
      ...(typeof row.split === "string" && { split: row.split }),
      source: typeof row.url === "string" ? row.url : typeof row.source === "string" ? row.source : `${file}:${i + 1}`,
    });
  });
  return out;
}

const BUCKETS = [0, 0.2, 0.4, 0.6, 0.8, 1.0001];

/** Scores `cases`; `anyRelease`: old wording counts (the releases file is loaded). */
export function evaluate(
  file: string,
  cases: readonly LabelledCase[],
  matcher: Matcher,
  anyRelease: boolean,
): EvalReport {
  const outcomes: CaseOutcome[] = cases.map((c) => {
    const result = matcher.match(c.text);
    const accepted = anyRelease ? [...c.expected, ...c.expectedAnyRelease] : [...c.expected];
    const best = result.matches[0];
    const top = best?.record.errorMessage ?? null;
    return {
      case: c,
      result,
      accepted,
      top,
      confidence: best?.confidence ?? 0,
      right: (top !== null && accepted.includes(top)) || thirdPartyRootAnswered(matcher, best, c.rootText),
    };
  });
  const buckets = reliability(outcomes);
  const withTemplate = outcomes.filter((o) => o.accepted.length > 0);
  const answered = outcomes.filter((o) => o.result.verdict === "answer");
  return {
    file,
    total: outcomes.length,
    withTemplate: withTemplate.length,
    topOne: withTemplate.filter((o) => o.right).length,
    answers: answered.length,
    wrongAnswers: answered.filter((o) => !o.right),
    wrongAnswersNoTemplate: answered.filter((o) => o.accepted.length === 0 && !o.right).length,
    noTemplate: outcomes.length - withTemplate.length,
    candidates: outcomes.filter((o) => o.result.verdict === "candidates").length,
    misses: withTemplate.filter((o) => !o.right),
    buckets,
    outcomes,
  };
}

/** Top-1 confidence buckets (0–0.2 … 0.8–1): how many, how many right, how many of them answers. */
export function reliability(outcomes: readonly CaseOutcome[]): Bucket[] {
  const buckets: Bucket[] = BUCKETS.slice(0, -1).map((from, i) => ({
    from,
    to: Math.min(1, BUCKETS[i + 1] ?? 1),
    count: 0,
    right: 0,
    answers: 0,
    answersRight: 0,
  }));
  for (const o of outcomes) {
    if (o.top === null) continue;
    const b = buckets.find((x) => o.confidence >= x.from && o.confidence < (x.to === 1 ? 1.0001 : x.to));
    if (!b) continue;
    b.count++;
    if (o.right) b.right++;
    if (o.result.verdict === "answer") {
      b.answers++;
      if (o.right) b.answersRight++;
    }
  }
  return buckets;
}

const pct = (n: number, d: number) => (d === 0 ? "  n/a" : `${((100 * n) / d).toFixed(1)}%`);
const oneLine = (s: string, n: number) => {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

/** The reliability table: per confidence bucket, cases, right top-1, accuracy, answers. */
export function formatReliability(buckets: readonly Bucket[]): string {
  const lines = [
    "reliability (top-1 confidence → accuracy):",
    "  bucket     count  right  accuracy  answers  answers right",
  ];
  for (const b of buckets) {
    lines.push(
      `  ${b.from.toFixed(1)}–${b.to.toFixed(1)}  ${String(b.count).padStart(6)} ${String(b.right).padStart(6)}  ${pct(b.right, b.count).padStart(8)}  ${String(b.answers).padStart(7)}  ${String(b.answersRight).padStart(13)}`,
    );
  }
  return lines.join("\n");
}

/** The printed report: summary, wrong answers, reliability table, misses grouped by shape. */
export function formatReport(r: EvalReport): string {
  const lines: string[] = [];
  lines.push(`== ${r.file}: ${r.total} cases, ${r.withTemplate} with a template, ${r.noTemplate} without`);
  lines.push(`top-1 (with a template):     ${r.topOne}/${r.withTemplate} = ${pct(r.topOne, r.withTemplate)}`);
  lines.push(`verdicts: answer ${r.answers}, candidates ${r.candidates}, none ${r.total - r.answers - r.candidates}`);
  lines.push(
    `wrong answers:               ${r.wrongAnswers.length} (of them ${r.wrongAnswersNoTemplate} on the ${r.noTemplate} without a template)`,
  );
  for (const o of r.wrongAnswers) {
    lines.push(`  ✗ ${oneLine(o.top ?? "", 70)} @${o.confidence.toFixed(2)}  ← ${oneLine(o.case.source, 70)}`);
  }
  lines.push(formatReliability(r.buckets));
  const byShape = new Map<string, CaseOutcome[]>();
  for (const o of r.misses) {
    const list = byShape.get(o.case.shape);
    if (list) list.push(o);
    else byShape.set(o.case.shape, [o]);
  }
  lines.push(`misses by shape (${r.misses.length}):`);
  for (const [shape, list] of [...byShape].sort((a, b) => b[1].length - a[1].length)) {
    lines.push(`  ${shape}: ${list.length}`);
    for (const o of list) {
      lines.push(
        `    - want ${oneLine(o.accepted[0] ?? "", 50)} | got ${oneLine(o.top ?? "(nothing)", 50)} | ${o.case.source}`,
      );
    }
  }
  return lines.join("\n");
}

/** One line per split of a file (`tune`, `holdout`): the numbers the project is judged on. */
export function formatSplit(r: EvalReport): string {
  const confident = r.outcomes.filter((o) => o.accepted.length > 0 && o.right && o.result.verdict === "answer").length;
  return (
    `  ${r.file}: top-1 ${r.topOne}/${r.withTemplate} (${pct(r.topOne, r.withTemplate)}), ` +
    `confident right ${confident}/${r.withTemplate} (${pct(confident, r.withTemplate)}), ` +
    `wrong answers ${r.wrongAnswers.length} (${r.wrongAnswersNoTemplate} of ${r.noTemplate} with no template)`
  );
}

/** True when the catalog carries templates of older releases (records with a `releases` list). */
export function hasReleases(catalog: Catalog): boolean {
  return catalog.records.some((r) => Array.isArray((r as unknown as { releases?: unknown }).releases));
}

export function evalCommand(files: readonly string[], matcher: Matcher, catalog: Catalog, io: CliIo): number {
  if (files.length === 0) {
    io.err("rwerror eval: give one or more labelled JSON Lines files (dev-errors.jsonl, real-pastes-dev.jsonl)");
    return 2;
  }
  const anyRelease = hasReleases(catalog);
  let failed = false;
  const all: CaseOutcome[] = [];
  for (const file of files) {
    let content: string;
    try {
      content = readFileSync(file, "utf8");
    } catch (e) {
      io.err(`rwerror eval: cannot read ${file}: ${(e as Error).message}`);
      failed = true;
      continue;
    }
    const problems: string[] = [];
    const cases = parseLabelled(file, content, problems);
    for (const p of problems) io.err(`rwerror eval: skipped ${p}`);
    const report = evaluate(file, cases, matcher, anyRelease);
    all.push(...report.outcomes);
    io.out(formatReport(report));
    for (const split of new Set(cases.flatMap((c) => (c.split ? [c.split] : [])))) {
      const part = evaluate(
        `${file} [${split}]`,
        cases.filter((c) => c.split === split),
        matcher,
        anyRelease,
      );
      io.out(formatSplit(part));
    }
    // Real pastes label their roots: how many third-party roots the pack explains (issue 10).
    const pastes = labelledPastesOf(content);
    if (pastes.some((r) => r.rootText)) io.out(formatReleaseEval(evaluateReleases(pastes, matcher)));
  }
  if (files.length > 1) io.out(`== all files (${all.length} cases)\n${formatReliability(reliability(all))}`);
  io.out(formatHalves(all));
  return failed ? 1 : 0;
}
