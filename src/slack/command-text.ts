/** What `/rwerror <text>` asks for. Subcommands are one short line; anything else is a paste. */
export type CommandRequest =
  | { kind: "modal" }
  | { kind: "help" }
  | { kind: "show"; key: string }
  | { kind: "search"; query: string }
  | { kind: "stats"; days: 7 | 30 }
  | { kind: "paste"; text: string };

const MAX_SUBCOMMAND_CHARS = 200;

export function parseCommandText(raw: string): CommandRequest {
  const text = raw.trim();
  if (text === "") return { kind: "modal" };
  if (text.includes("\n") || text.length > MAX_SUBCOMMAND_CHARS) return { kind: "paste", text: raw };
  const [first = "", ...rest] = text.split(/\s+/);
  const word = first.toLowerCase();
  const args = rest.join(" ");
  if ((word === "help" || word === "?") && rest.length === 0) return { kind: "help" };
  if (word === "show" && rest.length === 1) return { kind: "show", key: args };
  if (word === "search" && rest.length > 0) return { kind: "search", query: args };
  if (word === "stats") {
    if (rest.length === 0) return { kind: "stats", days: 7 };
    if (rest.length === 1 && /^(7|30)d?$/i.test(args)) return { kind: "stats", days: args.startsWith("30") ? 30 : 7 };
  }
  return { kind: "paste", text: raw };
}
