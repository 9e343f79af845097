/**
 * secretlint's recommended preset (a maintained rule set) as an oracle: whatever it finds in a paste,
 * redaction must remove. A new token format secretlint learns shows up here as a failing sample.
 */
import { lintSource } from "@secretlint/core";
import { creator } from "@secretlint/secretlint-rule-preset-recommend";
import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "../../src/redact/index.ts";

const A36 = "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
const SAMPLES: Record<string, string> = {
  aws: `aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY and id AKIAIOSFODNN7EXAMPLE`,
  github: `token ghp_${A36} and github_pat_11ABCDEFG0${A36}_${A36}${A36.slice(0, 23)}`,
  gitlab: "glpat-Ab12Cd34Ef56Gh78Ij90",
  slack:
    "xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp and https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
  npm: `//registry.npmjs.org/:_authToken=npm_${A36}`,
  openai: `OPENAI_API_KEY=sk-proj-${A36}T3BlbkFJ${A36}`,
  anthropic: `sk-ant-api03-${"Ab1".repeat(31)}-AbcdAA`,
  sendgrid: "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",
  privatekey:
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8\n-----END RSA PRIVATE KEY-----",
  basicauth: "curl https://admin:hunter2pass@rw.example.com/api",
  database: "postgres://rw:hunter2pass@db.internal:5432/dev and mysql://root:toor1234@mysql:3306/x",
  stripe: "sk_live_51Ab2Cd3Ef4Gh5Ij6Kl7Mn8Op9Qr0St1Uv2Wx3Yz4",
  huggingface: `hf_${"AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh"}`,
};

async function findings(content: string): Promise<string[]> {
  const result = await lintSource({
    source: { filePath: "/paste.txt", content, ext: ".txt", contentType: "text" },
    options: { config: { rules: [{ id: creator.meta.id, rule: creator }] } },
  });
  return (
    result.messages
      .map((m) => `${m.ruleId}: ${content.slice(m.range[0], m.range[1])}`)
      // A connection string whose password is already [REDACTED] still has the shape secretlint flags.
      .filter((f) => !f.includes(REDACTED))
  );
}

describe("secretlint finds nothing in a redacted paste", () => {
  it.each(Object.entries(SAMPLES))("%s", async (_name, sample) => {
    const paste = `ERROR:  Failed to run the query\n\nCaused by:\n  connector failed: ${sample}\n`;
    expect(await findings(redactSecrets(paste))).toEqual([]);
  });

  it("the oracle sees the planted secrets before redaction", async () => {
    const all = await findings(Object.values(SAMPLES).join("\n"));
    expect(all.length).toBeGreaterThanOrEqual(8);
  });
});
