/**
 * Record patterns are untrusted input: a dataset file can hold `(a+)+$`, and one paste then holds
 * the event loop for minutes. A pattern that uses regex syntax (beyond escaped literals and `(.+?)`)
 * must stay inside a subset whose backtracking is polynomial: no backreferences, no lookarounds with an
 * unbounded quantifier inside, no
 * quantifier inside a repeated group, no repeated alternation whose branches can start alike, no two
 * adjacent quantifiers over overlapping characters. What remains costs at most about n^k steps for k
 * unbounded quantifiers, so `maxTextFor` caps the text length each pattern may be run on.
 */
import regexpTree from "regexp-tree";
import type { AstNode, Expression } from "regexp-tree/ast";

/** Backtracking steps one pattern may take on one text; ~1 ms of the event loop. */
const STEP_BUDGET = 1_000_000;
/** Repetitions a lookaround's body may allow (each try of it then costs a bounded number of steps). */
const MAX_LOOKAROUND_REPEAT = 512;
/** Longest text a regex pattern is ever tried on (the matcher's own cap for foreign syntax). */
export const MAX_REGEX_TEXT = 1024;

/** Characters probed to compare what two parts of a pattern can start with. */
const PROBES = [...Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)), "é", "\u00a0", "\u2028", "中", "😀"];

type Node = Expression;

function source(node: AstNode): string {
  return regexpTree.generate(node as Parameters<typeof regexpTree.generate>[0]);
}

function maxRepeat(node: Extract<Node, { type: "Repetition" }>): number {
  const q = node.quantifier;
  if (q.kind === "?") return 1;
  if (q.kind === "Range") return q.to ?? Number.POSITIVE_INFINITY;
  return Number.POSITIVE_INFINITY;
}

function minRepeat(node: Extract<Node, { type: "Repetition" }>): number {
  const q = node.quantifier;
  return q.kind === "+" ? 1 : q.kind === "Range" ? q.from : 0;
}

function children(node: Node): Node[] {
  switch (node.type) {
    case "Alternative":
      return node.expressions;
    case "Disjunction":
      return [node.left, node.right].filter((n): n is Node => n !== null);
    case "Group":
      return node.expression ? [node.expression] : [];
    case "Repetition":
      return [node.expression];
    case "Assertion":
      return "assertion" in node && node.assertion ? [node.assertion] : [];
    default:
      return [];
  }
}

function some(node: Node, test: (n: Node) => boolean): Node | undefined {
  if (test(node)) return node;
  for (const c of children(node)) {
    const hit = some(c, test);
    if (hit) return hit;
  }
  return undefined;
}

function nullable(node: Node): boolean {
  switch (node.type) {
    case "Alternative":
      return node.expressions.every(nullable);
    case "Disjunction":
      return node.left === null || nullable(node.left) || node.right === null || nullable(node.right);
    case "Group":
      return node.expression === null || nullable(node.expression);
    case "Repetition":
      return minRepeat(node) === 0 || nullable(node.expression);
    case "Assertion":
      return true;
    default:
      return false;
  }
}

/** Which probe characters can start a match of `node` (a backreference can start with anything). */
function firstChars(node: Node): Set<string> {
  switch (node.type) {
    case "Char":
    case "CharacterClass": {
      const re = new RegExp(`^(?:${source(node)})$`, "su");
      return new Set(PROBES.filter((c) => re.test(c)));
    }
    case "Alternative": {
      const out = new Set<string>();
      for (const e of node.expressions) {
        for (const c of firstChars(e)) out.add(c);
        if (!nullable(e)) break;
      }
      return out;
    }
    case "Backreference":
      return new Set(PROBES);
    default: {
      const out = new Set<string>();
      for (const c of children(node)) for (const ch of firstChars(c)) out.add(ch);
      return out;
    }
  }
}

function overlaps(a: Set<string>, b: Set<string>): boolean {
  for (const c of a) if (b.has(c)) return true;
  return false;
}

function branches(node: Node): Node[] {
  if (node.type === "Disjunction") {
    return [node.left, node.right].flatMap((n) => (n === null ? [] : branches(n)));
  }
  if (node.type === "Group" && node.expression) return branches(node.expression);
  return [node];
}

/** Why the pattern is outside the safe subset, naming the construct; null when it is inside. */
function unsafeConstruct(root: Node): string | null {
  const backref = some(root, (n) => n.type === "Backreference");
  if (backref) return `backreference ${source(backref)} (can take exponential time)`;
  // A lookaround whose body only repeats a bounded number of times (`(?![^\n]{0,200}x)`) costs a
  // bounded number of steps wherever it is tried; one with `*`, `+` or `{n,}` inside is refused.
  const look = some(
    root,
    (n) =>
      n.type === "Assertion" &&
      (n.kind === "Lookahead" || n.kind === "Lookbehind") &&
      some(n, (m) => m !== n && m.type === "Repetition" && maxRepeat(m) > MAX_LOOKAROUND_REPEAT) !== undefined,
  );
  if (look) return `lookaround ${source(look)} with an unbounded quantifier (not in the safe pattern subset)`;
  let problem: string | null = null;
  some(root, (n) => {
    if (n.type === "Repetition" && maxRepeat(n) > 1) {
      const inner = some(n.expression, (m) => m.type === "Repetition" && maxRepeat(m) > 1);
      if (inner) {
        problem = `nested quantifier ${source(n)} (a repeated group holds ${source(inner)}: exponential backtracking)`;
        return true;
      }
      const alts = branches(n.expression);
      if (alts.length > 1) {
        if (alts.some(nullable)) {
          problem = `repeated alternation ${source(n)} with an empty branch`;
          return true;
        }
        for (let i = 0; i < alts.length && !problem; i++) {
          for (let j = i + 1; j < alts.length; j++) {
            const [a, b] = [alts[i], alts[j]] as [Node, Node];
            if (overlaps(firstChars(a), firstChars(b))) {
              problem = `overlapping alternatives ${source(a)} and ${source(b)} under the quantifier of ${source(n)}`;
              break;
            }
          }
        }
        if (problem) return true;
      }
    }
    if (n.type === "Alternative") {
      for (let i = 0; i + 1 < n.expressions.length; i++) {
        const [a, b] = [n.expressions[i], n.expressions[i + 1]] as [Node, Node];
        if (a.type === "Repetition" && b.type === "Repetition" && maxRepeat(a) > 1 && maxRepeat(b) > 1) {
          if (overlaps(firstChars(a.expression), firstChars(b.expression))) {
            problem = `overlapping adjacent quantifiers ${source(a)}${source(b)}`;
            return true;
          }
        }
      }
    }
    return false;
  });
  return problem;
}

function parse(pattern: string): Node | null {
  const ast = regexpTree.parse(new RegExp(pattern, "s"));
  return ast.body;
}

/**
 * Null when the matcher may run the pattern; otherwise the reason, naming the construct.
 * A pattern that does not compile at all is reported with the engine's message.
 */
export function unsafePatternReason(pattern: string): string | null {
  try {
    new RegExp(pattern, "s");
  } catch (e) {
    return `does not compile as a regular expression: ${(e as Error).message}`;
  }
  let root: Node | null;
  try {
    root = parse(pattern);
  } catch (e) {
    return `uses syntax the pattern safety check cannot read (${(e as Error).message.split("\n")[0]})`;
  }
  if (root === null) return null;
  const construct = unsafeConstruct(root);
  return construct ? `unsafe pattern: ${construct}` : null;
}

/**
 * How many wide quantifiers can be tried one inside or after another: concatenated or nested ones
 * multiply the backtracking, alternatives only add (`a.*|b.*` costs like one).
 */
function backtrackDegree(node: Node): number {
  if (node.type === "Disjunction") {
    return Math.max(node.left ? backtrackDegree(node.left) : 0, node.right ? backtrackDegree(node.right) : 0);
  }
  const inner = children(node).reduce((sum, c) => sum + backtrackDegree(c), 0);
  // A bounded repetition ({0,300}) costs a constant per start, however long the text: only
  // repetitions that can outgrow the text cap raise the degree.
  return node.type === "Repetition" && maxRepeat(node) > MAX_REGEX_TEXT ? inner + 1 : inner;
}

/**
 * The longest text a safe pattern is run on: with k unbounded quantifiers backtracking costs about
 * n^k steps, so n stays below the k-th root of the step budget (1024 for none or one, 1000 for two, 100 for three).
 */
export function maxTextFor(pattern: string): number {
  let root: Node | null;
  try {
    root = parse(pattern);
  } catch {
    return 0;
  }
  if (root === null) return MAX_REGEX_TEXT;
  const k = backtrackDegree(root);
  if (k <= 1) return MAX_REGEX_TEXT;
  return Math.min(MAX_REGEX_TEXT, Math.floor(STEP_BUDGET ** (1 / k)));
}
