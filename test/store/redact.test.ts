import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/store/index.ts";
import { tempDir } from "./temp-store.ts";

let env: ReturnType<typeof tempDir>;
afterEach(() => env?.cleanup());

// Each paste plants one secret the way people really paste it; `secret` must vanish, `keep` must stay.
const planted = [
  {
    text: "auth failed with token xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp",
    secret: "AbCdEfGhIjKlMnOp",
    keep: "auth failed",
  },
  { text: "socket mode: xapp-1-A0123BCDEF-1234567890-deadbeefcafe01", secret: "deadbeefcafe01", keep: "socket mode" },
  { text: "user token xoxp-11111-22222-33333-zzzzyyyyxxxx rejected", secret: "zzzzyyyyxxxx", keep: "rejected" },
  {
    text: "curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.SflKxwRJSMeKKF2QT4fw' failed",
    secret: "SflKxwRJSMeKKF2QT4fw",
    keep: "Authorization: Bearer",
  },
  {
    text: "Authorization: Bearer sk-PlantedBearerValue987 was refused",
    secret: "PlantedBearerValue987",
    keep: "was refused",
  },
  {
    text: "S3 error with key AKIAIOSFODNN7PLANTED while listing",
    secret: "AKIAIOSFODNN7PLANTED",
    keep: "while listing",
  },
  {
    text: "aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYPLANTEDKEY done",
    secret: "wJalrXUtnFEMI",
    keep: "done",
  },
  {
    text: "connect postgres://admin:Hunter2Planted@db.internal:5432/dev failed",
    secret: "Hunter2Planted",
    keep: "postgres://admin:",
  },
  { text: "kafka sasl://svc:p@ss%40Planted99@broker:9092 refused", secret: "Planted99", keep: "broker:9092" },
  {
    text: "CREATE USER alice WITH PASSWORD 'CorrectHorsePlanted';\nERROR: permission denied",
    secret: "CorrectHorsePlanted",
    keep: "permission denied",
  },
  { text: 'ALTER USER bob PASSWORD "DoubleQuotedPlanted"', secret: "DoubleQuotedPlanted", keep: "ALTER USER bob" },
  {
    text: "CREATE SOURCE s WITH (connector = 's3', 's3.credentials.access' = 'AKIAZZZZZZZZPLANTED1', 's3.secret.key' = 'S3SecretPlanted/xyz', 'properties.sasl.password' = 'SaslPlanted') FORMAT PLAIN",
    secret: ["AKIAZZZZZZZZPLANTED1", "S3SecretPlanted", "SaslPlanted"],
    keep: "connector = 's3'",
  },
  { text: 'config: {"api_key": "ApiKeyPlanted123", "region": "us"}', secret: "ApiKeyPlanted123", keep: "region" },
  {
    text: "client_secret: ClientSecretPlanted\nerror: invalid grant",
    secret: "ClientSecretPlanted",
    keep: "invalid grant",
  },
  { text: "password = 'it''s PlantedQuote' rejected", secret: "PlantedQuote", keep: "rejected" },
  { text: "sink with auth_token=TokPlanted42&region=us failed", secret: "TokPlanted42", keep: "region=us" },
  {
    text: "alert webhook https://hooks.slack.com/services/T0PLANTED1/B0PLANTED2/PlantedHookSecret123 returned 404",
    secret: ["T0PLANTED1", "B0PLANTED2", "PlantedHookSecret123"],
    keep: "https://hooks.slack.com/services/",
  },
  {
    text: "$ mysql -u root -pHunter2GluedPlanted -h db.internal\nERROR 2003 (HY000): Can't connect",
    secret: "Hunter2GluedPlanted",
    keep: "mysql -u root -p",
  },
  {
    text: "mysqldump -uadmin -p'Quoted Glued Planted' shop > dump.sql failed",
    secret: ["Quoted Glued Planted", "Glued Planted"],
    keep: "> dump.sql failed",
  },
  {
    text: "CREATE SINK s WITH ('password' = E'HunEscPlanted\\'terEscPlanted', topic = 't') FORMAT PLAIN",
    secret: ["HunEscPlanted", "terEscPlanted"],
    keep: "topic = 't'",
  },
  {
    text: "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAplantedPEMbody\n-----END RSA PRIVATE KEY-----\nfailed",
    secret: "plantedPEMbody",
    keep: "failed",
  },
];

function secretsOf(p: (typeof planted)[number]): string[] {
  return Array.isArray(p.secret) ? p.secret : [p.secret];
}

describe("redactSecrets", () => {
  it.each(planted)("removes the secret from: $text", (p) => {
    const out = redactSecrets(p.text);
    for (const s of secretsOf(p)) expect(out).not.toContain(s);
    expect(out).toContain(p.keep);
    expect(out).toContain("[REDACTED]");
  });

  it("leaves error text without secrets unchanged", () => {
    const plain = [
      'password authentication failed for user "bob"',
      "ERROR:  Failed to run the query\n\nCaused by:\n  table not found: t1",
      "connection to http://meta:5690 refused",
      // psql's -p is the port, and a separate `-p word` makes mysql prompt: neither is a password.
      "psql -h db -p5432 -U bob: connection refused",
      "mysql -u root -p shop < dump.sql",
      "mysql-cdc source failed: binlog -position lost",
      "see https://hooks.slack.com/ for setup",
    ];
    for (const text of plain) expect(redactSecrets(text)).toBe(text);
  });
});

describe("secrets never reach the database file", () => {
  it("finds no planted secret in the DB or WAL bytes after logging every paste", async () => {
    env = tempDir();
    const store = await env.open();
    for (const [i, p] of planted.entries()) {
      await store.recordOccurrence({
        recordId: i % 2 ? null : "r1",
        source: "auto",
        channelId: "C1",
        messageTs: `${i}.1`,
        text: p.text,
      });
    }
    // A secret near the 500-char cut must not survive as a fragment either.
    await store.recordOccurrence({
      recordId: null,
      source: "console",
      text: `${"x".repeat(480)} password='CutPlantedSecretValue'`,
    });
    expect(await store.listOccurrences({ limit: 100 })).toHaveLength(planted.length + 1);
    const files = readdirSync(join(env.dir, "nested")).filter((f) => f.startsWith("rwerror.sqlite"));
    expect(files).toEqual(expect.arrayContaining(["rwerror.sqlite", "rwerror.sqlite-wal"]));
    const secrets = [...planted.flatMap(secretsOf), "CutPlantedSecretValue", "CutPlanted"];
    for (const file of files) {
      const bytes = readFileSync(join(env.dir, "nested", file)).toString("latin1");
      for (const s of secrets) expect(bytes.includes(s), `${s} found in ${file}`).toBe(false);
    }
    // Closing the last connection checkpoints the WAL into the main file.
    await store.close();
    const main = readFileSync(join(env.dir, "nested", "rwerror.sqlite")).toString("latin1");
    expect(main).toContain("[REDACTED]");
    for (const s of secrets) expect(main.includes(s), `${s} found after checkpoint`).toBe(false);
  });
});
