/**
 * Issue 16's rule for destructive steps, as a check over an analysis's `solutions` and `exampleFix`: a
 * step that drops, recreates, terminates, restores or edits the meta store comes after a non-destructive
 * step, and says what it costs. The word lists are curated from the costs the issue names (CASCADE,
 * backfill, re-snapshot, duplicate sink output) and the way the analyses word them.
 */

/** Actions that lose state or work: what a step must not lead with. */
const DESTRUCTIVE: readonly RegExp[] = [
  /\bDROP\s+(?:TABLE|MATERIALIZED\s+VIEW|SOURCE|SINK|INDEX|SCHEMA|DATABASE|CONNECTION|SECRET|VIEW|FUNCTION|USER|SUBSCRIPTION)\b/i,
  /\bdrop (?:and re-?create|the (?:table|source|sink|materiali[sz]ed view|mv|job|schema|database|index|connection))\b/i,
  /\bre-?creat(?:e|es|ing)\b/i,
  /\bpg_terminate_backend\b|\bterminat(?:e|ing) (?:the |a |its )?(?:backend|session|connection|query)/i,
  /\brestor(?:e|ing) (?:it |the cluster |the meta(?:data| store| node)? )?(?:from )?(?:a |the )?(?:meta )?(?:backup|snapshot)/i,
  /\brisectl meta restore\b|\brestore-meta\b/i,
  /\b(?:edit|modify|delete|update|clean|remove)\b[^.;]{0,40}\bmeta(?:[- ]store| ?data(?:base)?)\b/i,
  /\bTRUNCATE\b/,
  /\bDELETE FROM\b/i,
  /\bkubectl delete\b|\brm -rf\b/i,
];

/** A mention of the action that says not to do it is no destructive step. */
const NEGATED =
  /\b(?:not|never|no need to|instead of|rather than|without|avoid|before you|don't|do not)\b[^.;]{0,30}$/i;

/** What a destructive step must name: its cost. */
const COST =
  /\bcost|\bCASCADE\b|backfill|re-?snapshot|snapshot again|duplicat|\blos(?:e|es|t|ing|s)\b|downtime|dependen|depends on it|rebuil|from scratch|replay|re-?read|re-?consum|irreversib|cannot be undone|deletes?\b|discard|offset|history|unavailable|\bredo\b|resets?\b/i;

/** The first destructive action in the text, or null (negated mentions skipped). */
export function destructiveAction(text: string): string | null {
  for (const re of DESTRUCTIVE) {
    const global = new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`);
    for (const m of text.matchAll(global)) {
      if (!NEGATED.test(text.slice(Math.max(0, m.index - 60), m.index))) return m[0];
    }
  }
  return null;
}

export function namesCost(text: string): boolean {
  return COST.test(text);
}

/** What is wrong with the order or the wording of destructive steps; empty when nothing. */
export function destructiveStepProblems(solutions: readonly string[], exampleFix: string | null | undefined): string[] {
  const problems: string[] = [];
  const first = solutions.findIndex((s) => destructiveAction(s) !== null);
  if (first === 0) {
    problems.push(
      `solutions[0] leads with a destructive step (${destructiveAction(solutions[0] ?? "")}): put a non-destructive step first`,
    );
  }
  for (const [i, s] of solutions.entries()) {
    const action = destructiveAction(s);
    if (action && !namesCost(s)) problems.push(`solutions[${i}] (${action}) does not say what it costs`);
  }
  if (exampleFix) {
    const action = destructiveAction(exampleFix);
    if (action) {
      const lines = exampleFix.split("\n").filter((l) => l.trim() !== "");
      const firstLine = lines.find((l) => !/^\s*(?:--|#|\/\/)/.test(l)) ?? "";
      if (destructiveAction(firstLine) !== null) {
        problems.push(`exampleFix leads with a destructive step (${action}): show the non-destructive check first`);
      }
      if (!namesCost(exampleFix)) problems.push(`exampleFix (${action}) does not say what it costs`);
    }
  }
  return problems;
}
