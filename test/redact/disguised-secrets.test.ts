/** Issue 20 item 16: secrets in links, NATS credentials, keys hidden by zero-width or look-alike characters. */
import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "../../src/redact/index.ts";

const SEED = "SUACSSL3UAHUDXKFSNVUZRF5UHPMWZ6BFDTJ7M6USDXIEDNPPQYYYCU3VY";
const JWT = "eyJhbGciOiJlZDI1NTE5In0.eyJqdGkiOiJ4In0.c2lnbmF0dXJl";

describe("secrets a reader would miss are redacted", () => {
  it.each([
    [
      "credentials and a token in a link",
      "https://admin:pw@wiki.example/runbook?token=abc123&page=2",
      ["pw@", "abc123"],
    ],
    ["NATS jwt= and nkey= in a URL", `nats://nats:4222?jwt=${JWT}&nkey=${SEED}`, [JWT, SEED]],
    ["a NATS seed on its own", `creds file: ${SEED}`, [SEED]],
    ["a key split by a zero-width space", "pass\u200Bword=hunter2secret", ["hunter2secret"]],
    ["a key spelled with a Cyrillic о", "t\u043Eken=abcdef0123", ["abcdef0123"]],
    ["a key in full-width letters", "\uFF54\uFF4F\uFF4B\uFF45\uFF4E=zz9secret", ["zz9secret"]],
    [
      "a Slack token whose prefix has a Cyrillic о",
      "x\u043Exb-1234567890-0987654321-AbCdEfGhIjKlMnOp",
      ["AbCdEfGhIjKlMnOp"],
    ],
    ["a signed S3 link", "https://s3/x?X-Amz-Signature=abcdef0123&X-Amz-Credential=AKIAX/2024", ["abcdef0123"]],
  ])("%s", (_what, text, secrets) => {
    const out = redactSecrets(text);
    expect(out).toContain(REDACTED);
    for (const s of secrets) expect(out).not.toContain(s);
  });

  it("keeps the rest of a link usable: host, path and harmless parameters stay", () => {
    expect(redactSecrets("https://admin:pw@wiki.example/runbook?token=abc123&page=2")).toBe(
      `https://admin:${REDACTED}@wiki.example/runbook?token=${REDACTED}&page=2`,
    );
  });

  it("leaves text in other scripts and words that only contain 'sig' alone", () => {
    const text = "Привет, кто-нибудь видел ошибку? signal=1 design=2 Ошибка: τοκεν";
    expect(redactSecrets(text)).toBe(text);
  });

  it("drops invisible characters, and redacting twice changes nothing more", () => {
    const once = redactSecrets("a\u200Bb\uFEFFc password=x\u200By");
    expect(once).toBe(`abc password=${REDACTED}`);
    expect(redactSecrets(once)).toBe(once);
  });
});
