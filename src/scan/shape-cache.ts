/**
 * Remembers an answer per entry shape, so a message logged 100,000 times with different ids
 * is matched once. Bounded: when full, the oldest half is dropped (insertion order), so a log
 * of endless distinct shapes keeps memory flat.
 */
export class ShapeCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get enabled(): boolean {
    return this.capacity > 0;
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    if (this.capacity <= 0) return;
    if (this.entries.size >= this.capacity) this.evictOldestHalf();
    this.entries.set(key, value);
  }

  private evictOldestHalf(): void {
    let drop = Math.ceil(this.entries.size / 2);
    for (const key of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(key);
    }
  }
}

/** Numbers, hex ids and quoted values: what changes between two logs of one call site. */
const VARIABLE = /\b0x[0-9a-f]+\b|\b[0-9a-f]*\d[0-9a-f]*\b|"[^"\n]{0,80}"|'[^'\n]{0,80}'|`[^`\n]{0,80}`/gi;

/** The text with its variable parts masked: `actor 1234 failed` and `actor 98 failed` share a shape. */
export function shapeOf(text: string): string {
  return text.replace(VARIABLE, "#");
}
