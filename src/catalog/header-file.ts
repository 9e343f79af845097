/**
 * A built catalog's header without loading the catalog: `rwerror --version` names the revisions the
 * shipped knowledge base was built from in a few milliseconds, however large the file.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { constants, gunzipSync } from "node:zlib";
import { type DatasetHeader, datasetHeaderSchema, isHeaderLine } from "./header.ts";
import { isGzipFile } from "./lines.ts";

/** The header line is a few KiB at most; its compressed prefix is smaller still. */
const PREFIX_BYTES = 1 << 16;

function readPrefix(path: string): Buffer {
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.allocUnsafe(PREFIX_BYTES);
    return buf.subarray(0, readSync(fd, buf, 0, PREFIX_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * The header of a built catalog file (`{"header": …}` on line 1), or null when the file has none or
 * it does not validate. Only the first 64 KiB are read; a gzip prefix inflates as far as it goes.
 */
export function readDatasetHeader(path: string): DatasetHeader | null {
  const prefix = readPrefix(path);
  const text = (isGzipFile(path) ? gunzipSync(prefix, { finishFlush: constants.Z_SYNC_FLUSH }) : prefix).toString(
    "utf8",
  );
  const first = text.replace(/^\uFEFF/, "").split("\n", 1)[0] ?? "";
  let value: unknown;
  try {
    value = JSON.parse(first);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || !isHeaderLine(value)) return null;
  const header = datasetHeaderSchema.safeParse(value.header);
  return header.success ? header.data : null;
}
