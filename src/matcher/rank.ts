/** Kept for imports written before the scoring module was named: everything lives in score.ts. */
export * from "./score.ts";
