import { readdirSync, readFileSync } from "node:fs";
import { unescapeSlack } from "../../src/answer/clean.ts";

const FIXTURES = new URL("../fixtures/matcher/", import.meta.url);

/**
 * A paste fixture by file name (test/fixtures/matcher/pastes/NAME.txt). `slack-*` fixtures are message
 * text as Slack sends it: the matcher gets them after the edge's one unescape, as the bot does.
 */
export function paste(name: string): string {
  const text = readFileSync(new URL(`pastes/${name}.txt`, FIXTURES), "utf8");
  return name.startsWith("slack-") ? unescapeSlack(text) : text;
}

export function pasteNames(): string[] {
  return readdirSync(new URL("pastes/", FIXTURES))
    .filter((f) => f.endsWith(".txt"))
    .map((f) => f.slice(0, -4))
    .sort();
}

/** Chatter: one message per line, none of them an error paste. */
export function chatter(): string[] {
  return readFileSync(new URL("chatter.txt", FIXTURES), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
}

/** A lone labelled line whose tail is chatter (`Internal error: no idea why`): one per line. */
export function shortTailChatter(): string[] {
  return readFileSync(new URL("short-tail-chatter.txt", FIXTURES), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
}

/** Error-shaped pastes that no record describes, separated by `----` lines. */
export function noMatchPastes(): string[] {
  return readFileSync(new URL("no-match.txt", FIXTURES), "utf8")
    .split("\n----\n")
    .filter((p) => p.trim() !== "");
}

export const SEED_RECORDS = new URL("../../data/records.jsonl", import.meta.url);
export const CORPUS_DIR = new URL("../../../shared/corpus/", import.meta.url);
