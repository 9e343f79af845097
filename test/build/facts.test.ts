import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildCatalog } from "../../src/build/build.ts";
import { connectorOfStruct, factsOfFile } from "../../src/build/facts.ts";
import { GitRepo, testBuildOptions } from "../support/git-repo.ts";

const NEW_CATALOG = `use risingwave_frontend_macro::system_catalog;

#[derive(Fields)]
struct RwDdlProgress {
    #[primary_key]
    ddl_id: i64,
    ddl_statement: String,
    pub progress: String,
}

#[system_catalog(table, "rw_catalog.rw_ddl_progress")]
async fn read(reader: &SysCatalogReaderImpl) -> Result<Vec<RwDdlProgress>> {
    Ok(vec![])
}

#[system_catalog(
    view,
    "rw_catalog.rw_relations",
    "SELECT id, name, ARRAY[1, 2] AS arr FROM rw_catalog.rw_tables WHERE name <> ']'"
)]
#[derive(Fields)]
struct RwRelation {
    id: i32,
    name: String,
}
`;

const OLD_CATALOG = `pub const RW_DDL_PROGRESS_TABLE_NAME: &str = "rw_ddl_progress";

pub const RW_DDL_PROGRESS_COLUMNS: &[SystemCatalogColumnsDef<'_>] = &[
    (DataType::Int64, "ddl_id"),
    (DataType::Varchar, "progress"),
];
`;

describe("catalog build: the identifiers analyses are checked against", () => {
  it("reads system catalogs and their columns, in both the macro and the older constant form", () => {
    const now = factsOfFile("src/frontend/src/catalog/system_catalog/rw_catalog/rw_ddl_progress.rs", NEW_CATALOG);
    expect(now.relations).toEqual(["rw_catalog.rw_ddl_progress", "rw_catalog.rw_relations"]);
    expect(now.columns).toEqual([
      "rw_catalog.rw_ddl_progress.ddl_id",
      "rw_catalog.rw_ddl_progress.ddl_statement",
      "rw_catalog.rw_ddl_progress.progress",
      "rw_catalog.rw_relations.id",
      "rw_catalog.rw_relations.name",
    ]);
    const old = factsOfFile("src/frontend/src/catalog/system_catalog/rw_catalog/rw_ddl_progress.rs", OLD_CATALOG);
    expect(old.relations).toEqual(["rw_catalog.rw_ddl_progress"]);
    expect(old.columns).toEqual(["rw_catalog.rw_ddl_progress.ddl_id", "rw_catalog.rw_ddl_progress.progress"]);
  });

  it("reads WITH options by connector from the generated YAML", () => {
    const yaml = `# THIS FILE IS AUTO_GENERATED.\nKafkaConfig:\n  fields:\n  - name: properties.bootstrap.server\n    field_type: String\n  - name: topic\nOpendalS3Properties:\n  fields:\n  - name: s3.region_name\n`;
    const facts = factsOfFile("src/connector/with_options_sink.yaml", yaml);
    expect(facts.withOptions).toEqual(
      expect.arrayContaining(["kafka:properties.bootstrap.server", "kafka:topic", "s3:s3.region_name", "topic"]),
    );
    expect(connectorOfStruct("ClickHouseConfig")).toBe("clickhouse");
    expect(connectorOfStruct("SnowflakeV2Config")).toBe("snowflake");
  });

  it("reads configuration keys by section from src/config/docs.md", () => {
    const md =
      "# RisingWave System Configurations\n\n## meta\n\n| Config | Description | Default |\n|--------|-------------|---------|\n| disable_recovery | Whether to disable recovery. | false |\n\n## batch.developer\n\n| Config | Description | Default |\n|---|---|---|\n| chunk_size | The size. | 1024 |\n";
    expect(factsOfFile("src/config/docs.md", md).configKeys).toEqual([
      "meta.disable_recovery",
      "batch.developer.chunk_size",
    ]);
  });

  it("writes them beside the catalog with the releases that have each one", async () => {
    const repo = new GitRepo();
    repo.write({
      "src/frontend/src/catalog/system_catalog/rw_catalog/rw_ddl_progress.rs": OLD_CATALOG,
      "src/meta/src/lib.rs": 'fn f() { bail!("a message so the revision has Rust"); }\n',
    });
    repo.commit("feat: ddl progress (#1)");
    repo.tag("v1.0.0");
    repo.write({ "src/frontend/src/catalog/system_catalog/rw_catalog/rw_ddl_progress.rs": NEW_CATALOG });
    repo.commit("refactor: system catalog macro (#2)");
    const dir = mkdtempSync(join(tmpdir(), "rwerror-facts-"));
    const factsOut = join(dir, "risingwave-facts.json.gz");
    await buildCatalog(
      testBuildOptions({
        source: repo.dir,
        revs: ["v1.0.0", "main"],
        releases: false,
        out: join(dir, "risingwave.jsonl.gz"),
        history: false,
        examples: false,
        factsOut,
      }),
    );
    const file = JSON.parse(gunzipSync(readFileSync(factsOut)).toString("utf8"));
    expect(file.header.revisions.map((r: { rev: string }) => r.rev)).toEqual(["v1.0.0", "main"]);
    expect(file.facts.relations["rw_catalog.rw_ddl_progress"]).toEqual(["v1.0.0", "main"]);
    expect(file.facts.relations["rw_catalog.rw_relations"]).toEqual(["main"]);
    expect(file.facts.columns["rw_catalog.rw_ddl_progress.ddl_statement"]).toEqual(["main"]);
  });
});
