/**
 * rwerror <serve|explain|validate|report|digest|scan>. Each subcommand loads only what it
 * needs, so `explain` answers without starting Bolt or opening the database.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { CatalogError } from "./catalog/errors.ts";
import { argumentErrorLine, isParseArgsError, wantsHelp } from "./cli/args.ts";
import { ConfigError } from "./config.ts";
import { readConfig } from "./setup/config.ts";
import { MigrationError, StoreOpenError } from "./store/errors.ts";
import { type CliIo, processIo } from "./terminal/io.ts";

const USAGE = `Usage: rwerror <command> [options]

Commands:
  serve                       run the bot (Slack with SLACK_BOT_TOKEN, else the local console)
  explain [TEXT|-] [--json]   answer one paste (argument, or stdin with - or a pipe)
  explain --batch             stdin JSON Lines (a string or {"text": …}) → one JSON result per line
  validate [PATH…]            check record files or folders (default: RWERROR_DATA); exit 1 on any problem
  report [--since 7d | --from D --to D | --week 2026-W48] [--format table|json|csv]
  digest [--dry-run] [--week W]   print or post the weekly digest
  scan <FILE|-> [--json]      every known error in a whole log file
  notes export [--format notes|records]   the team's "what fixed it" notes (records: schema v2)
  eval [--data PATH…] FILE…   score the matcher on labelled JSON Lines (top-1, wrong answers, reliability)
  catalog build --source REPO [--releases] [--rev REV]…   build the knowledge base from RisingWave's git history

  --version                   rwerror's version and the knowledge base's build revisions

Environment: RWERROR_DATA, RWERROR_DB, RWERROR_TZ, SLACK_BOT_TOKEN, … (see README).`;

const EXPLAIN_USAGE = `Usage: rwerror explain [TEXT|-] [--json] | --batch

Answers one pasted error: the whole error works best (psql output with its Caused by chain, a log
line with error=…, or a panic). Keywords alone rarely match; in Slack, /rwerror search <words> looks
records up by keyword.

  TEXT      the paste; - (or no TEXT with a pipe) reads stdin
  --json    one JSON object instead of the terminal card
  --batch   stdin is JSON Lines (a string or {"text": …}); one JSON result per line`;

const SERVE_USAGE = `Usage: rwerror serve

Runs the bot. With SLACK_BOT_TOKEN: Slack (Socket Mode when SLACK_APP_TOKEN is set, else HTTP on PORT
with SLACK_SIGNING_SECRET); without it: the local console on stdin/stdout. Configured by the
environment and a .env file in the working directory (see README "Configuration").`;

const VALIDATE_USAGE = `Usage: rwerror validate [PATH…]

Checks record files (JSON Lines or arrays) and folders; default: RWERROR_DATA (the shipped data/).
Exit 0 when every record is valid, 1 on any problem (each printed with its file and line).`;

const SCAN_USAGE = `Usage: rwerror scan <FILE|-> [--json]

Every known error in a whole log file (- reads stdin), counted by record; exact matches only.
  --json    one JSON object instead of the table`;

const EVAL_USAGE = `Usage: rwerror eval [--data PATH…] FILE…

Scores the matcher on labelled JSON Lines ({input, expected} or {paste, expected, …}): top-1,
wrong answers, a reliability table and misses by shape.
  --data PATH   the records to score against (repeatable; default: RWERROR_DATA)`;

/** Each subcommand's own usage, printed by `rwerror <command> --help` before anything starts. */
async function usageOf(command: string): Promise<string | undefined> {
  switch (command) {
    case "serve":
      return SERVE_USAGE;
    case "explain":
      return EXPLAIN_USAGE;
    case "validate":
      return VALIDATE_USAGE;
    case "scan":
      return SCAN_USAGE;
    case "eval":
      return EVAL_USAGE;
    case "report":
      return (await import("./cli/report.ts")).REPORT_USAGE;
    case "digest":
      return (await import("./cli/digest.ts")).DIGEST_USAGE;
    case "notes":
      return (await import("./cli/notes.ts")).NOTES_USAGE;
    case "catalog":
      return (await import("./cli/catalog.ts")).CATALOG_USAGE;
    default:
      return undefined;
  }
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "--version" || command === "-v") {
    const { versionLines } = await import("./cli/version.ts");
    io.out(versionLines().join("\n"));
    return 0;
  }
  if (!command || command === "help" || command === "--help" || command === "-h") {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  if (wantsHelp(rest)) {
    const usage = await usageOf(command);
    if (usage !== undefined) {
      io.out(usage.trimEnd());
      return 0;
    }
  }
  const env = process.env;
  switch (command) {
    case "serve": {
      // No options: anything else is a mistake, never a reason to start the bot.
      parseArgs({ args: rest, options: {}, allowPositionals: false });
      const { serve } = await import("./main.ts");
      return serve(env, io);
    }
    case "explain": {
      const { values, positionals } = parseArgs({
        args: rest,
        options: {
          json: { type: "boolean", default: false },
          batch: { type: "boolean", default: false },
          help: { type: "boolean", short: "h", default: false },
        },
        allowPositionals: true,
      });
      if (values.help) {
        io.out(EXPLAIN_USAGE);
        return 0;
      }
      const { loadForServing } = await import("./setup/catalog.ts");
      const { explainCommand } = await import("./cli/explain.ts");
      const { createMatcher } = await import("./matcher/index.ts");
      const config = readConfig(env, { receiving: false });
      const matcher = createMatcher(loadForServing(config, io), { risingwaveVersion: config.risingwaveVersion });
      return explainCommand({ json: values.json, batch: values.batch, text: positionals }, matcher, io);
    }
    case "validate": {
      const { positionals } = parseArgs({ args: rest, options: {}, allowPositionals: true });
      const { validateCommand } = await import("./cli/validate.ts");
      return validateCommand(
        positionals.length > 0 ? positionals : readConfig(env, { receiving: false }).dataPaths,
        io,
      );
    }
    case "report":
    case "digest": {
      const { runStoreCommand } = await import("./cli/store-commands.ts");
      return runStoreCommand(command, rest, readConfig(env, { receiving: false }), io);
    }
    case "notes": {
      const { notesCommand } = await import("./cli/notes.ts");
      return notesCommand(rest, readConfig(env), io);
    }
    case "scan": {
      const { scanCommand } = await import("./cli/scan.ts");
      return scanCommand(rest, readConfig(env, { receiving: false }), io);
    }
    case "catalog": {
      const { catalogCommand } = await import("./cli/catalog.ts");
      return catalogCommand(rest, io);
    }
    case "eval": {
      const { values, positionals } = parseArgs({
        args: rest,
        options: { data: { type: "string", multiple: true } },
        allowPositionals: true,
      });
      const { loadForServing } = await import("./setup/catalog.ts");
      const { evalCommand } = await import("./cli/eval.ts");
      const { createMatcher } = await import("./matcher/index.ts");
      const config = readConfig(values.data ? { ...env, RWERROR_DATA: values.data.join(",") } : env, {
        receiving: false,
      });
      const catalog = loadForServing(config, io);
      return evalCommand(positionals, createMatcher(catalog), catalog, io);
    }
    default:
      io.err(`rwerror: unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

/** `.env` in the working directory, when there is one; variables already set in the environment win. */
function loadDotEnv(): void {
  if (existsSync(".env")) process.loadEnvFile(".env");
}

/** Known failures end with one clear line and exit 1; anything else is a bug and shows its stack. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  try {
    loadDotEnv();
    return await run(argv, io);
  } catch (e) {
    if (e instanceof ConfigError) {
      io.err(`rwerror: configuration problem:\n${e.message}`);
      return 1;
    }
    if (isParseArgsError(e)) {
      io.err(argumentErrorLine(argv[0] ?? "", e));
      return 2;
    }
    if (e instanceof CatalogError || e instanceof MigrationError || e instanceof StoreOpenError) {
      io.err(`rwerror: ${(e as Error).message}`);
      return 1;
    }
    throw e;
  }
}

process.exitCode = await main(process.argv.slice(2));
if (process.argv[2] === "serve") {
  // Shutdown already drained what it could; a Web API retry timer left behind must not keep the
  // process alive (an orchestrator would wait, then SIGKILL).
  setTimeout(() => process.exit(), 2_000).unref();
}
