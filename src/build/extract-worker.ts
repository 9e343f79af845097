/**
 * A worker thread of `catalog build`: parses the Rust files it is sent and answers with what they
 * yield. Parsing makes a lot of short-lived garbage; in a worker it stays in a heap of its own,
 * bounded by the pool's resource limits.
 */
import { parentPort } from "node:worker_threads";
import { extractFile } from "./extract.ts";
import { rustParser } from "./rust-parser.ts";

export interface ExtractRequest {
  id: number;
  filePath: string;
  text: string;
}

const parser = await rustParser();
parentPort?.on("message", (req: ExtractRequest) => {
  try {
    parentPort?.postMessage({ id: req.id, result: extractFile(parser, req.filePath, req.text) });
  } catch (e) {
    parentPort?.postMessage({ id: req.id, error: `${req.filePath}: ${(e as Error).message}` });
  }
});
