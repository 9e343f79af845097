/**
 * A catalog reload's heavy half, on a worker thread: the data files are read, unzipped, parsed,
 * validated and joined with their analyses here, so the serving thread never stalls an ack on them.
 * The records go back in batches (each a few milliseconds to receive), one per turn of the serving
 * thread's event loop, then one message that ends the load.
 */
import { parentPort, workerData } from "node:worker_threads";
import { formatProblem, loadCatalog } from "../catalog/index.ts";
import type { CatalogWorkerMessage } from "./catalog-thread.ts";

const BATCH = 500;

function send(message: CatalogWorkerMessage): void {
  parentPort?.postMessage(message);
}

/**
 * Sends `batches` one at a time, each after the serving thread asked for it: queued all at once they
 * would be received (deserialised) in one turn of its event loop, a second for 50,000 records.
 */
function sendPaced(batches: CatalogWorkerMessage[], last: CatalogWorkerMessage): void {
  let next = 0;
  const sendNext = () => send(next < batches.length ? (batches[next++] as CatalogWorkerMessage) : last);
  parentPort?.on("message", (m: unknown) => {
    if (m === "next") sendNext();
  });
  sendNext();
}

try {
  const { catalog, problems, files } = loadCatalog((workerData as { paths: string[] }).paths);
  if (problems.length > 0) {
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : "";
    send({ kind: "refused", reason: `${problems.slice(0, 3).map(formatProblem).join("; ")}${more}` });
  } else if (catalog.records.length === 0) {
    send({ kind: "refused", reason: "the data holds no records" });
  } else {
    const batches: CatalogWorkerMessage[] = [];
    for (let i = 0; i < catalog.records.length; i += BATCH) {
      batches.push({ kind: "records", records: catalog.records.slice(i, i + BATCH) });
    }
    sendPaced(batches, { kind: "done", datasetVersion: catalog.datasetVersion, builds: [...catalog.builds], files });
  }
} catch (error) {
  send({ kind: "refused", reason: (error as Error)?.message ?? String(error) });
}
