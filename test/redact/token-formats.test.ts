import { describe, expect, it } from "vitest";
import { plainTextFromSlack } from "../../src/answer/clean.ts";
import { looksLikeError } from "../../src/matcher/index.ts";
import { cleanPaste, REDACTED, redactSecrets } from "../../src/redact/index.ts";

// Made-up values in each issuer's published shape.
const A36 = "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
const FORMATS: Array<[string, string]> = [
  ["GitHub fine-grained PAT", `github_pat_11ABCDEFG0${A36}_${A36}${A36.slice(0, 23)}`],
  ["GitHub classic PAT", `ghp_${A36}`],
  ["GitHub OAuth token", `gho_${A36}`],
  ["GitLab PAT", "glpat-Ab12Cd34Ef56Gh78Ij90"],
  ["OpenAI project key", `sk-proj-${A36}T3BlbkFJ${A36}`],
  ["OpenAI legacy key", `sk-${A36}T3BlbkFJ`],
  ["Anthropic key", `sk-ant-api03-${A36}${A36}${A36}-AA`],
  ["Google API key", "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"],
  ["Stripe restricted live key", "rk_live_51Ab2Cd3Ef4Gh5Ij6Kl7Mn8Op9"],
  ["Stripe secret test key", "sk_test_51Ab2Cd3Ef4Gh5Ij6Kl7Mn8Op9"],
  ["Stripe webhook secret", "whsec_Ab12Cd34Ef56Gh78Ij90Kl12"],
  ["AWS access key id", "AKIAIOSFODNN7EXAMPLE"],
  ["AWS temporary key id", "ASIAIOSFODNN7EXAMPLE"],
  ["bare AWS secret access key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
  ["Slack bot token", "xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp"],
  ["Slack app token", "xapp-1-A0123-456-abcdef"],
  ["npm token", `npm_${A36}`],
  ["Hugging Face token", `hf_${A36.replace(/\d/g, "x")}`],
  ["SendGrid key", "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"],
  ["JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"],
];

describe("token formats are redacted wherever they appear in a paste", () => {
  it.each(FORMATS)("%s", (_name, secret) => {
    const paste = `ERROR:  Failed to run the query\n\nCaused by:\n  auth failed for ${secret}, retrying`;
    const out = redactSecrets(paste);
    expect(out).not.toContain(secret);
    expect(out).toContain(`auth failed for ${REDACTED}, retrying`);
  });

  it("redacts Azure storage connection strings' AccountKey and SharedAccessKey", () => {
    const conn =
      "DefaultEndpointsProtocol=https;AccountName=rwlake;AccountKey=Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFy+/==;EndpointSuffix=core.windows.net";
    const out = redactSecrets(`Caused by: azblob error: ${conn}`);
    expect(out).toContain(`AccountKey=${REDACTED};EndpointSuffix=core.windows.net`);
    expect(out).not.toContain("Zm9vYmFy");
    expect(redactSecrets("Endpoint=sb://x/;SharedAccessKeyName=root;SharedAccessKey=abcDEF123+/=")).toContain(
      `SharedAccessKey=${REDACTED}`,
    );
  });

  it("redacts a key-value pair inside a JSON string (a log line's escaped message)", () => {
    const line = '{"msg":"connect {\\"password\\":\\"pw-in-json\\",\\"user\\":\\"rw\\"}"}';
    const out = redactSecrets(line);
    expect(out).toBe('{"msg":"connect {\\"password\\":\\"[REDACTED]\\",\\"user\\":\\"rw\\"}"}');
  });

  it("keeps what only looks like a token: git hashes, ids and words", () => {
    const text =
      "commit 3f786850e387550fdab836ed7e6dc881de23001b failed; task-sk-1 at actor 1234; fragment AIza; PRIVATE KEY missing";
    expect(redactSecrets(text)).toBe(text);
  });

  it("strips bidi controls at the Slack edge so a leading U+202E cannot hide an ERROR: line", () => {
    const hidden = "\u202eERROR: quantum flux capacitor misaligned";
    expect(looksLikeError(hidden)).toBe(false);
    expect(looksLikeError(plainTextFromSlack(hidden))).toBe(true);
    expect(cleanPaste("\u202eERROR: boom\u2066x\u2069")).toBe("ERROR: boomx");
  });
});
