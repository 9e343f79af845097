/**
 * Secrets disguised from a reader's eye or a pattern: zero-width characters inside a key name
 * (`pass\u200Bword=…`) and look-alike letters from other scripts (`tоken=` with a Cyrillic о,
 * `ｔｏｋｅｎ=` in full width). Invisible characters carry nothing a paste needs and are removed;
 * look-alikes are only mapped to Latin to decide whether a word is a secret's key or prefix.
 */

/** Zero-width space, joiners, word joiner, byte-order mark, soft hyphen, Mongolian vowel separator. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200D\u2060\uFEFF]/g;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, "");
}

// Cyrillic and Greek letters that render like Latin ones, each to its Latin twin (one UTF-16 unit each).
const LOOK_ALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ѕ: "s",
  і: "i",
  ј: "j",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ɡ: "g",
  А: "A",
  В: "B",
  Е: "E",
  Ѕ: "S",
  І: "I",
  Ј: "J",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  Х: "X",
  Υ: "Y",
  α: "a",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Χ: "X",
};

/** Characters that may hide a Latin key or prefix: the look-alikes above and full-width forms. */
export const LOOK_ALIKE_CHARS = `${Object.keys(LOOK_ALIKES).join("")}\\uFF01-\\uFF5E`;
const HAS_LOOK_ALIKE = new RegExp(`[${LOOK_ALIKE_CHARS}]`);

export function hasLookAlike(text: string): boolean {
  return HAS_LOOK_ALIKE.test(text);
}

/** The text as a pattern should read it: full-width folded to ASCII, look-alikes to their Latin twins. */
export function skeleton(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code >= 0xff01 && code <= 0xff5e) out += String.fromCharCode(code - 0xfee0);
    else out += LOOK_ALIKES[ch] ?? ch;
  }
  return out;
}
