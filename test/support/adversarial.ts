/**
 * Adversarial pastes for the linear-time properties: a short unit built from the fragments the
 * regexes key on (separators, quotes, keywords, blanks, chain and log markers), repeated up to a
 * size of 1–256 KiB. Repetition is what turns a backtracking regex from fast to frozen.
 */
import fc from "fast-check";

const FRAGMENTS = [
  "ERROR: ",
  "ERROR:  ",
  "Caused by: ",
  "Caused by these errors (recent errors listed first):\n",
  "  1: ",
  " 10: ",
  "a.password.b-",
  "password",
  "token",
  "secret",
  "api_key",
  "identified by ",
  "=",
  "=>",
  ": ",
  ":",
  " ",
  "  ",
  "\t",
  "\n",
  "\n\n",
  "'",
  '"',
  "`",
  "```",
  "\\",
  "E'",
  "{",
  "}",
  "(",
  ")",
  "[",
  "]",
  "<",
  ">",
  "|",
  "&gt;",
  "&amp;",
  "@",
  "://",
  "a://b:",
  "https://hooks.slack.com/services/",
  "mysql ",
  " -p",
  ";",
  "&",
  "Bearer ",
  "eyJ",
  ".",
  "-",
  "-----BEGIN ",
  "PRIVATE KEY-----",
  "AKIA",
  "ghp_",
  "github_pat_",
  "sk-",
  "AIza",
  "xoxb-",
  "AccountKey=",
  "aB3/",
  "thread 'a' panicked at ",
  "src/a.rs:1:2",
  "2024-01-01T00:00:00.000Z  WARN ",
  "error=",
  'sql="',
  "(SQLSTATE XX000)",
  "\u202e",
  "\u00a0",
  "\u200b",
  "\u001b[31m",
  "> ",
  "a",
  "Z",
  "0",
  "_",
  "é",
];

export interface AdversarialPaste {
  text: string;
  kib: number;
}

export const adversarialPaste = (maxKib = 256): fc.Arbitrary<AdversarialPaste> =>
  fc
    .record({
      prefix: fc.constantFrom("", "ERROR: ", "password=", "x "),
      unit: fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 3 })), {
        minLength: 1,
        maxLength: 6,
      }),
      kib: fc.integer({ min: 1, max: maxKib }),
    })
    .map(({ prefix, unit, kib }) => {
      const u = unit.join("") || "a";
      const size = kib * 1024;
      const text = (prefix + u.repeat(Math.ceil(size / u.length))).slice(0, size);
      return { text, kib };
    });

/** Units that once froze a pass (or nearly), each repeated to 256 KiB: checked every run, not by chance. */
export const WORST_CASE_UNITS = [
  "api_keya",
  "a_",
  "a-",
  " ",
  "\t",
  "a.password.b-",
  "a://a:",
  "a://",
  "a=",
  "password='\\",
  'password="',
  "mysql ",
  "mysql -p",
  "-eyJ",
  "aB3/",
  "-----BEGIN ",
  "Bearer ",
  "sk-",
  "identified by ",
  "x: ",
  "\n",
  "\n\n",
  "Caused by: ",
  "  1: ",
  "ERROR: ",
  "ERROR:  a\n",
  "ERROR: \n",
  "a:\n",
  "'",
  '"',
  "`",
  "```",
  "<",
  "<@U",
  "&gt;",
  '{"a":',
  "thread 'a' panicked at ",
  "a|",
  "a  | ",
  "[pod/",
  "(SQLSTATE ",
  "\u202e",
  "\u001b[",
  "> ",
];

export function worstCasePastes(kib = 256): Array<[string, string]> {
  const size = kib * 1024;
  return WORST_CASE_UNITS.map((u) => [JSON.stringify(u), u.repeat(Math.ceil(size / u.length)).slice(0, size)]);
}
