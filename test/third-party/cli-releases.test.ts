import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/seeds.ts";

const bin = join(repoRoot, "bin", "rwerror.js");

function explain(paste: string, env: Record<string, string>) {
  const res = spawnSync(process.execPath, [bin, "explain", "--json", "-"], {
    cwd: repoRoot,
    input: paste,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      RWERROR_DB: join(mkdtempSync(join(tmpdir(), "rwerror-rel-")), "t.sqlite"),
      ...env,
    },
    timeout: 60_000,
  });
  expect(res.status, res.stderr).toBe(0);
  return JSON.parse(res.stdout);
}

describe("rwerror explain with the shipped data, which knows every release", () => {
  // The shipped data/ knows every release (data/risingwave.jsonl.gz, built by rwerror catalog build).
  const env = { RWERROR_DATA: "data" };

  it("answers a v1.x-only message with its record, release range and the source at its tag", () => {
    const out = explain(
      "ERROR:  Failed to run the query\n\nCaused by:\n  properties `scan_startup_mode` only support earliest and latest or leave it empty",
      { ...env, RWERROR_RISINGWAVE_VERSION: "v2.4" },
    );
    expect(out.verdict).toBe("answer");
    expect(out.version).toEqual({ version: "v2.4", source: "configured", tag: "v2.4.0" });
    expect(out.matches[0].errorMessage).toBe(
      "properties `scan_startup_mode` only support earliest and latest or leave it empty",
    );
    // Patch releases are in the shipped data: the newest release that prints it is v1.10.2.
    expect(out.matches[0].release).toMatchObject({ range: "v0.18–v1.10.2", sourceTag: "v1.10.2" });
    expect(out.matches[0].release.sourceUrl).toMatch(/\/blob\/v1\.10\.2\//);
  });

  it("answers Connection refused under a meta client chain with the third-party record naming the meta connection", () => {
    const out = explain(
      "2024-05-08T09:06:17Z  WARN risingwave_rpc_client::meta_client: Failed to connect to meta server http://meta:5690/, trying again error=transport error: tcp connect error: Connection refused (os error 111)",
      env,
    );
    expect(out.matches[0]).toMatchObject({
      slug: "os-connection-refused",
      errorType: "third_party",
      context: "Failed to connect to meta server http://meta:5690/, trying again",
    });
  });
});
