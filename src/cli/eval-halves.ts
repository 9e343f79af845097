/**
 * Calibration that has to generalise: the labelled cases of every file are split in two halves by a
 * hash of their source and text (never by hand), the auto-post floor is fitted on one half and scored
 * on the other, then the other way round. A wrong answer costs `WRONG_ANSWER_COST` right ones: an
 * honest "not sure" is cheaper than a confident mistake in an incident channel.
 */
import { createHash } from "node:crypto";
import { AUTO_POST_MIN_CONFIDENCE } from "../matcher/policy.ts";
import type { CaseOutcome } from "./eval.ts";

/** How many right answers one wrong answer undoes when the floor is fitted. */
export const WRONG_ANSWER_COST = 5;
/** The floors tried: the confidence scale from a wrapper's label to a specific exact match. */
const FLOORS = Array.from({ length: 11 }, (_x, i) => Math.round((0.5 + i * 0.05) * 100) / 100);

export type Half = "A" | "B";

/** The half a case belongs to: a stable hash of its source and text. */
export function halfOf(o: CaseOutcome): Half {
  const h = createHash("sha256").update(`${o.case.source}\n${o.case.text}`).digest();
  return ((h[0] ?? 0) & 1) === 0 ? "A" : "B";
}

export interface FloorScore {
  floor: number;
  cases: number;
  withTemplate: number;
  topOne: number;
  answers: number;
  answersRight: number;
  /** Answers whose top is not an accepted template (of them, on pastes with no template). */
  wrongAnswers: number;
  wrongNoTemplate: number;
}

/** What `floor` would have answered on `outcomes`: the matcher's open decision, then the floor. */
export function scoreFloor(outcomes: readonly CaseOutcome[], floor: number): FloorScore {
  const s: FloorScore = {
    floor,
    cases: outcomes.length,
    withTemplate: 0,
    topOne: 0,
    answers: 0,
    answersRight: 0,
    wrongAnswers: 0,
    wrongNoTemplate: 0,
  };
  for (const o of outcomes) {
    const templated = o.accepted.length > 0;
    if (templated) s.withTemplate++;
    if (templated && o.right) s.topOne++;
    const d = o.result.decision;
    if (!d?.answerable || d.confidence < floor) continue;
    s.answers++;
    if (o.right) s.answersRight++;
    else {
      s.wrongAnswers++;
      if (!templated) s.wrongNoTemplate++;
    }
  }
  return s;
}

/** The floor with the lowest cost on `outcomes` (ties: the higher, more careful floor). */
export function fitFloor(outcomes: readonly CaseOutcome[]): number {
  let best = FLOORS[FLOORS.length - 1] ?? 1;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const floor of FLOORS) {
    const s = scoreFloor(outcomes, floor);
    const cost = WRONG_ANSWER_COST * s.wrongAnswers - s.answersRight;
    if (cost <= bestCost) {
      best = floor;
      bestCost = cost;
    }
  }
  return best;
}

const pct = (n: number, d: number) => (d === 0 ? "n/a" : `${((100 * n) / d).toFixed(1)}%`);

function line(label: string, s: FloorScore): string {
  return (
    `  ${label.padEnd(34)} floor ${s.floor.toFixed(2)}: top-1 ${s.topOne}/${s.withTemplate} (${pct(s.topOne, s.withTemplate)}), ` +
    `answers ${s.answers} (${s.answersRight} right), wrong answers ${s.wrongAnswers} (${s.wrongNoTemplate} with no template)`
  );
}

/** Fit on A, score B; fit on B, score A; and the shipped floor on each half, for comparison. */
export function formatHalves(outcomes: readonly CaseOutcome[]): string {
  const halves: Record<Half, CaseOutcome[]> = { A: [], B: [] };
  for (const o of outcomes) halves[halfOf(o)].push(o);
  const lines = [
    `== held-out halves (${halves.A.length} + ${halves.B.length} cases, split by hash; a wrong answer costs ${WRONG_ANSWER_COST} right ones)`,
  ];
  for (const [fit, held] of [
    ["A", "B"],
    ["B", "A"],
  ] as const) {
    const floor = fitFloor(halves[fit]);
    lines.push(line(`fitted on ${fit}, scored on ${fit}`, scoreFloor(halves[fit], floor)));
    lines.push(line(`fitted on ${fit}, scored on held-out ${held}`, scoreFloor(halves[held], floor)));
  }
  for (const h of ["A", "B"] as const) {
    lines.push(line(`shipped floor on ${h}`, scoreFloor(halves[h], AUTO_POST_MIN_CONFIDENCE)));
  }
  return lines.join("\n");
}
