/**
 * Remembers an answer per entry shape: the text with digit runs and long hex ids masked, so
 * `actor 1234 failed` and `actor 98 failed` are matched once. Bounded: when full, the oldest
 * half is dropped (insertion order), so a log of endless distinct shapes keeps memory flat.
 */
export class ShapeCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  getOrCompute(text: string, compute: (text: string) => V): V {
    if (this.capacity <= 0) return compute(text);
    const key = shapeOf(text);
    if (this.entries.has(key)) return this.entries.get(key) as V;
    const value = compute(text);
    if (this.entries.size >= this.capacity) this.evictOldestHalf();
    this.entries.set(key, value);
    return value;
  }

  private evictOldestHalf(): void {
    let drop = Math.ceil(this.entries.size / 2);
    for (const key of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(key);
    }
  }
}

const VARIABLE = /\b(?:0x)?[0-9a-f]*\d[0-9a-f]*\b/gi;

/** Digits and hex-with-digits tokens become `#`: timestamps, ids, epochs, counts. */
export function shapeOf(text: string): string {
  return text.replace(VARIABLE, "#");
}
