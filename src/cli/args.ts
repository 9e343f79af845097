/** Shared argument handling for the subcommands: help detection and one-line argument errors. */

/** `--help` or `-h` anywhere before a `--` (after it, every word is a positional). */
export function wantsHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  const flags = end === -1 ? argv : argv.slice(0, end);
  return flags.includes("--help") || flags.includes("-h");
}

export function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("ERR_PARSE_ARGS");
}

/**
 * One line for a bad argument, naming it and pointing at the subcommand's help:
 * `rwerror scan: unknown option --bogus (see rwerror scan --help)`.
 */
export function argumentErrorLine(command: string, error: unknown): string {
  const message = (error as Error).message ?? String(error);
  const code = (error as { code?: unknown }).code;
  const quoted = /'([^']+)'/.exec(message)?.[1];
  let what: string;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && quoted) what = `unknown option ${quoted}`;
  else if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL" && quoted) what = `unexpected argument "${quoted}"`;
  else what = (message.split("\n")[0] ?? message).replace(/\.$/, "");
  return `rwerror ${command}: ${what} (see rwerror ${command} --help)`;
}
