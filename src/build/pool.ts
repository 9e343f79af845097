/**
 * Worker threads that parse Rust files in parallel (one per core by default), each with a bounded
 * heap. In a checkout the worker is TypeScript, so it registers tsx before loading its module; the
 * installed package runs the compiled JavaScript.
 */
import { Worker } from "node:worker_threads";
import { BuildError } from "./errors.ts";
import type { ExtractRequest } from "./extract-worker.ts";
import type { FileExtraction } from "./types.ts";

/** A worker's old-generation heap: parsing the largest RisingWave file needs far less. */
const WORKER_HEAP_MB = 256;

interface Reply {
  id: number;
  result?: FileExtraction;
  error?: string;
}

function bootCode(): string {
  const entry = new URL(`./extract-worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url).href;
  const tsx = entry.endsWith(".ts") ? import.meta.resolve("tsx/esm/api") : null;
  return `(async () => {
  if (${JSON.stringify(tsx)}) (await import(${JSON.stringify(tsx)})).register();
  await import(${JSON.stringify(entry)});
})().catch((e) => { console.error(e); process.exit(1); });`;
}

export class ExtractorPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (r: FileExtraction) => void; reject: (e: Error) => void }>();
  private next = 0;

  constructor(size: number) {
    const code = bootCode();
    for (let i = 0; i < size; i++) {
      const worker = new Worker(code, { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
      worker.on("message", (reply: Reply) => this.settle(reply));
      worker.on("error", (e) => this.failAll(new BuildError("PARSE_FAILED", `a parser worker failed: ${e.message}`)));
      worker.unref();
      this.workers.push(worker);
    }
  }

  extract(filePath: string, text: string): Promise<FileExtraction> {
    const id = this.next++;
    const worker = this.workers[id % this.workers.length] as Worker;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, filePath, text } satisfies ExtractRequest);
    });
  }

  private settle(reply: Reply): void {
    const waiter = this.pending.get(reply.id);
    if (!waiter) return;
    this.pending.delete(reply.id);
    if (reply.result) waiter.resolve(reply.result);
    else waiter.reject(new BuildError("PARSE_FAILED", `cannot parse ${reply.error ?? "a file"}`));
  }

  private failAll(error: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
