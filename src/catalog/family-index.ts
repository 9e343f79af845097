/**
 * Which families can hold for a record, found without testing all of them: families are filed under
 * the exact errorClass or the enum their rule names, else under the errorType they require, else tried
 * for every record. A record then tests only its candidates, in join order (priority, file, line).
 */
import type { FamilyEntry } from "./analysis-parse.ts";
import type { ErrorRecord } from "./schema.ts";

export interface FamilyIndex {
  /** The first family (join order) whose rule holds for the record, with its position. */
  first(record: ErrorRecord): { family: FamilyEntry; at: number } | undefined;
}

function push(map: Map<string, number[]>, key: string, at: number): void {
  const list = map.get(key);
  if (list) list.push(at);
  else map.set(key, [at]);
}

/** The `Enum` of `Enum::Variant`, or null for a bare name. */
export function enumOf(errorClass: string): string | null {
  const at = errorClass.lastIndexOf("::");
  return at < 0 ? null : errorClass.slice(0, at);
}

const NONE: readonly number[] = [];

export function indexFamilies(families: readonly FamilyEntry[]): FamilyIndex {
  const byClass = new Map<string, number[]>();
  const byEnum = new Map<string, number[]>();
  const byType = new Map<string, number[]>();
  const anyRecord: number[] = [];
  families.forEach((f, at) => {
    const { errorClass, errorType } = f.analysis.for.rule;
    if (errorClass?.endsWith("::*")) push(byEnum, errorClass.slice(0, -3), at);
    else if (errorClass !== undefined) push(byClass, errorClass, at);
    else if (errorType !== undefined) push(byType, errorType, at);
    else anyRecord.push(at);
  });
  return {
    first(record) {
      const cls = record.errorClass;
      const lists = [
        cls === null ? NONE : (byClass.get(cls) ?? NONE),
        cls === null ? NONE : (byEnum.get(enumOf(cls) ?? "") ?? NONE),
        byType.get(record.errorType) ?? NONE,
        anyRecord,
      ];
      // Each list is in join order; walk them together so the earliest family that holds wins.
      const pos = [0, 0, 0, 0];
      for (;;) {
        let best = -1;
        let which = -1;
        for (let i = 0; i < 4; i++) {
          const at = (lists[i] as readonly number[])[pos[i] as number];
          if (at !== undefined && (best < 0 || at < best)) {
            best = at;
            which = i;
          }
        }
        if (which < 0) return undefined;
        pos[which] = (pos[which] as number) + 1;
        const family = families[best] as FamilyEntry;
        if (family.matches(record)) return { family, at: best };
      }
    },
  };
}
