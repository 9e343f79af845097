import { describe, expect, it } from "vitest";
import { fingerprintError } from "../../src/store/index.ts";

const groups: { name: string; variants: string[] }[] = [
  {
    name: "an object missing by name",
    variants: ["database not found: a", "database not found: dev_db", "database not found: analytics"],
  },
  {
    name: "a log line with timestamps, actor ids and addresses",
    variants: [
      "2026-11-30T10:11:12.123Z ERROR risingwave_stream::executor: actor 1234 failed: connection to 10.0.0.5:5690 refused",
      "2026-12-01T23:59:01.9Z ERROR risingwave_stream::executor: actor 7 failed: connection to 172.16.3.44:5690 refused",
    ],
  },
  {
    name: "a panic at different source lines with different thread names",
    variants: [
      "thread 'main' panicked at src/stream/src/executor/hash_join.rs:123:45:\ncalled `Option::unwrap()` on a `None` value",
      "thread 'rw-streaming' panicked at src/stream/src/executor/hash_join.rs:130:9:\ncalled `Option::unwrap()` on a `None` value",
    ],
  },
  {
    name: "quoted names, uuids, hex epochs and durations",
    variants: [
      'sink "orders_sink" (id 3fa85f64-5717-4562-b3fc-2c963f66afa6) timed out after 1500ms at epoch 0x7f3a2b',
      'sink "payments" (id 9c1d2e3f-0000-4abc-8def-123456789abc) timed out after 30s at epoch 0xdeadbeef01',
    ],
  },
  {
    name: "files under different paths",
    variants: [
      "failed to open /var/lib/risingwave/data/000123.sst: No such file or directory",
      "failed to open /mnt/disk2/rw/cache/9.sst: No such file or directory",
    ],
  },
  {
    name: "a table named without quotes",
    variants: ["table orders does not exist", "table t_2024_11 does not exist"],
  },
];

describe("fingerprintError", () => {
  it.each(groups)("groups every variant of $name", ({ variants }) => {
    const prints = new Set(variants.map((v) => fingerprintError(v).fingerprint));
    expect(prints.size).toBe(1);
  });

  it("keeps different errors apart", () => {
    const firstOfEach = groups.map((g) => g.variants[0] ?? "");
    const extra = [
      "database not found",
      "schema not found: a",
      "table orders already exists",
      "connection to 10.0.0.5:5690 refused",
      "connection to 10.0.0.5:5690 reset by peer",
      "failed to open /var/lib/x.sst: Permission denied",
      "Not supported: view has no fragments to describe",
      "Not supported: non shared source has no fragments to describe",
    ];
    const all = [...firstOfEach, ...extra];
    const prints = new Set(all.map((t) => fingerprintError(t).fingerprint));
    expect(prints.size).toBe(all.length);
  });

  it("keeps a readable template with placeholders and a short hash", () => {
    const fp = fingerprintError("actor 1234 failed at 2026-11-30 10:11:12 on worker 7");
    expect(fp.template).toBe("actor <NUM> failed at <TS> on worker <NUM>");
    expect(fp.fingerprint).toMatch(/^[0-9a-f]{12}$/);
  });
});
