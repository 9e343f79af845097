import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { resolvePaths } from "../../src/setup/config.ts";
import { storeKindOf } from "../../src/store/index.ts";

describe("RWERROR_DB", () => {
  it("selects PostgreSQL for postgres:// and postgresql:// URLs and SQLite for anything else", () => {
    expect(storeKindOf("postgres://u:p@db:5432/rwerror")).toBe("postgres");
    expect(storeKindOf(" postgresql://db/rwerror ")).toBe("postgres");
    expect(storeKindOf("data/rwerror.sqlite")).toBe("sqlite");
    expect(storeKindOf("file:/var/lib/rwerror.sqlite")).toBe("sqlite");
    expect(storeKindOf(":memory:")).toBe("sqlite");
    expect(storeKindOf("/srv/postgres/rwerror.sqlite")).toBe("sqlite");
  });

  it("keeps a PostgreSQL URL as given while relative SQLite paths are resolved", () => {
    const url = "postgres://rwerror:secret@db.internal:5432/rwerror";
    expect(resolvePaths(loadConfig({ RWERROR_DB: url })).dbPath).toBe(url);
    expect(resolvePaths(loadConfig({ RWERROR_DB: "rel/db.sqlite" })).dbPath).toBe(`${process.cwd()}/rel/db.sqlite`);
  });
});
