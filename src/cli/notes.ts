/**
 * `rwerror notes export [--format notes|records]`: the team's "Add what fixed it" notes as JSON Lines.
 * `--format records` writes schema-v2 records (`{record, datasetVersion}`) with each note appended to
 * `solutions`, ready to merge into the knowledge base, so it grows from incidents.
 */
import { parseArgs } from "node:util";
import type { Catalog } from "../catalog/index.ts";
import type { ErrorRecord } from "../catalog/schema.ts";
import type { Config } from "../config.ts";
import { loadForServing } from "../setup/catalog.ts";
import { openStore, type StoredNote } from "../store/index.ts";
import type { CliIo } from "../terminal/io.ts";

export const NOTES_USAGE = `Usage: rwerror notes export [--format notes|records]

  notes    one JSON line per note: {recordId, slug, text, link, userId, at} (default)
  records  one schema-v2 record per noted record, {"record": …, "datasetVersion": …},
           with every note appended to its solutions`;

/** A note as a solution line: the text, its link, who wrote it and when. */
export function noteAsSolution(n: Pick<StoredNote, "text" | "link" | "userId" | "at">): string {
  const day = new Date(n.at).toISOString().slice(0, 10);
  return `${n.text.trim()}${n.link ? ` (${n.link})` : ""} [team note by ${n.userId}, ${day}]`;
}

export function notesAsRecords(
  catalog: Catalog,
  notes: readonly StoredNote[],
): { record: ErrorRecord; datasetVersion: string }[] {
  const byRecord = new Map<string, StoredNote[]>();
  for (const n of notes) byRecord.set(n.recordId, [...(byRecord.get(n.recordId) ?? []), n]);
  const out: { record: ErrorRecord; datasetVersion: string }[] = [];
  for (const [recordId, list] of byRecord) {
    const record = catalog.byId(recordId);
    if (!record) continue;
    const solutions = [...record.solutions, ...list.map(noteAsSolution).filter((s) => !record.solutions.includes(s))];
    out.push({
      record: { ...record, solutions },
      datasetVersion: `${catalog.datasetVersion ?? "unversioned"}+team-notes`,
    });
  }
  return out;
}

export async function notesCommand(argv: string[], config: Config, io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { format: { type: "string", default: "notes" }, help: { type: "boolean", short: "h", default: false } },
    allowPositionals: true,
  });
  if (values.help) {
    io.out(NOTES_USAGE);
    return 0;
  }
  if (positionals[0] !== "export" || positionals.length !== 1 || !["notes", "records"].includes(values.format ?? "")) {
    io.err(NOTES_USAGE);
    return 2;
  }
  const catalog = loadForServing(config, io);
  const store = await openStore(config.dbPath, { now: Date.now });
  try {
    const notes = await store.listNotes();
    if (values.format === "records") {
      const records = notesAsRecords(catalog, notes);
      for (const r of records) io.out(JSON.stringify(r));
      io.err(`rwerror notes: ${records.length} record(s) with ${notes.length} note(s)`);
    } else {
      for (const n of notes) {
        io.out(
          JSON.stringify({
            recordId: n.recordId,
            slug: catalog.byId(n.recordId)?.slug ?? null,
            text: n.text,
            link: n.link,
            userId: n.userId,
            at: new Date(n.at).toISOString(),
          }),
        );
      }
      io.err(`rwerror notes: ${notes.length} note(s)`);
    }
    return 0;
  } finally {
    await store.close();
  }
}
