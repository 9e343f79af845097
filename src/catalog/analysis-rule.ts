/**
 * A family rule compiled once: globs and the message regex built at load, so joining 50,000 records is
 * a few string compares and at most two regex tests per record and family.
 */
import type { FamilyRule } from "./analysis-schema.ts";
import { maxTextFor, unsafePatternReason } from "./pattern-safety.ts";
import type { ErrorRecord } from "./schema.ts";

export interface CompiledRule {
  /** Does every key of the rule hold for the record? */
  matches(record: ErrorRecord): boolean;
}

/**
 * A `filePath` glob as an anchored regex: `*` within one path segment, `**` across segments
 * (`src/**\/error.rs` also matches `src/error.rs`), every other character literal. Each `[^/]*` is
 * bounded by a `/` or the end, so the match is linear in the path.
 */
export function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*" && glob[i + 1] === "*") {
      if (glob[i + 2] === "/") {
        out += "(?:[^/]*/)*";
        i += 2;
      } else {
        out += ".*";
        i += 1;
      }
    } else if (c === "*") out += "[^/]*";
    else out += c.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

/** Why a rule cannot be used (an unsafe or broken regex), else null. */
export function ruleProblem(rule: FamilyRule): { field: string; reason: string } | null {
  if (rule.messagePattern !== undefined) {
    const reason = unsafePatternReason(rule.messagePattern);
    if (reason) return { field: "for.rule.messagePattern", reason };
  }
  return null;
}

/** The `Enum` of `Enum::Variant` (the part before the last `::`), or null for a bare name. */
function enumOf(errorClass: string): string | null {
  const at = errorClass.lastIndexOf("::");
  return at < 0 ? null : errorClass.slice(0, at);
}

/** A rule that `ruleProblem` accepted, as one test; cheap keys first, regexes last. */
export function compileRule(rule: FamilyRule): CompiledRule {
  const tests: ((r: ErrorRecord) => boolean)[] = [];
  const exact = (key: "component" | "construct" | "origin" | "errorType", want: string | undefined) => {
    if (want !== undefined) tests.push((r) => (r as Record<string, unknown>)[key] === want);
  };
  exact("errorType", rule.errorType);
  exact("component", rule.component);
  exact("construct", rule.construct);
  exact("origin", rule.origin);
  const cls = rule.errorClass;
  if (cls?.endsWith("::*")) {
    const wanted = cls.slice(0, -3);
    tests.push((r) => r.errorClass !== null && enumOf(r.errorClass) === wanted);
  } else if (cls !== undefined) {
    tests.push((r) => r.errorClass === cls);
  }
  if (rule.filePath !== undefined) {
    const glob = globToRegExp(rule.filePath);
    tests.push((r) => r.filePath !== null && glob.test(r.filePath));
  }
  if (rule.messagePattern !== undefined) {
    const re = new RegExp(rule.messagePattern, "s");
    // The safety check bounds backtracking for texts up to this length; longer messages are cut.
    const cap = maxTextFor(rule.messagePattern);
    tests.push((r) => re.test(r.errorMessage.length > cap ? r.errorMessage.slice(0, cap) : r.errorMessage));
  }
  return { matches: (r) => tests.every((t) => t(r)) };
}
