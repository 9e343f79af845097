/**
 * Credential formats that are recognisable on their own, without a `key=` in front. Each entry is
 * the issuer's published token shape (prefix, alphabet, length); the list follows the providers that
 * gitleaks' default rules and secretlint's recommended preset cover, written here as plain data so
 * every pattern can be checked for linear running time (no rule text was copied from either project).
 * secretlint's recommended preset (MIT, a devDependency) is the oracle: test/redact/secretlint-oracle.test.ts
 * fails when it still finds a secret in a redacted paste.
 *
 * Rules for the engine: a pattern starts with a negative lookbehind of its own alphabet, so a match
 * can only begin where a run of token characters begins (no O(n²) restarts inside one long run),
 * and every quantifier is a single character class with nothing ambiguous after it.
 */
export interface TokenRule {
  /** What the token is, for tests and for the reader. */
  name: string;
  /** Where the format is documented. */
  source: string;
  /** Global regex; the whole match is the secret. */
  pattern: RegExp;
}

const START = "(?<![A-Za-z0-9_-])";

export const TOKEN_RULES: readonly TokenRule[] = [
  {
    name: "Slack token (bot, user, app-level, refresh, config)",
    source: "api.slack.com/authentication/token-types",
    pattern: new RegExp(`${START}x(?:ox[a-z]|app|oxe\\.xox[a-z])-[A-Za-z0-9-]{4,}`, "g"),
  },
  {
    name: "GitHub fine-grained personal access token",
    source: "github.blog 2021-04-05 behind GitHub's new authentication token formats; github_pat_ (2022)",
    pattern: new RegExp(`${START}github_pat_[A-Za-z0-9_]{20,}`, "g"),
  },
  {
    name: "GitHub token (personal, OAuth, user-to-server, server-to-server, refresh)",
    source: "github.blog 2021-04-05 behind GitHub's new authentication token formats",
    pattern: new RegExp(`${START}gh[pousr]_[A-Za-z0-9]{20,}`, "g"),
  },
  {
    name: "GitLab personal, project or group access token",
    source: "docs.gitlab.com/ee/security/token_overview.html",
    pattern: new RegExp(`${START}gl(?:pat|dt|rt|ptt|cbt)-[A-Za-z0-9_-]{16,}`, "g"),
  },
  {
    name: "OpenAI / Anthropic API key (sk-, sk-proj-, sk-svcacct-, sk-ant-)",
    source: "platform.openai.com/docs/api-reference/authentication; docs.anthropic.com/en/api/getting-started",
    pattern: new RegExp(`${START}sk-[A-Za-z0-9_-]{20,}`, "g"),
  },
  {
    name: "Google API key",
    source: "cloud.google.com/docs/authentication/api-keys (AIza + 35 characters)",
    pattern: new RegExp(`${START}AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])`, "g"),
  },
  {
    name: "Stripe secret, restricted or publishable key; webhook secret",
    source: "docs.stripe.com/keys (sk_live_, rk_live_, pk_live_, *_test_, whsec_)",
    pattern: new RegExp(`${START}(?:(?:sk|rk|pk)_(?:live|test)|whsec)_[A-Za-z0-9]{10,}`, "g"),
  },
  {
    name: "AWS access key id",
    source: "docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html#identifiers-unique-ids",
    pattern: /(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA|ABIA|ACCA|ANPA|ANVA|APKA|AIPA)[A-Z0-9]{16}(?![A-Z0-9])/g,
  },
  {
    name: "npm access token",
    source: "docs.npmjs.com/about-access-tokens (npm_ + 36 characters)",
    pattern: new RegExp(`${START}npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])`, "g"),
  },
  {
    name: "Hugging Face access token",
    source: "huggingface.co/docs/hub/security-tokens (hf_)",
    pattern: new RegExp(`${START}hf_[A-Za-z0-9]{30,}`, "g"),
  },
  {
    name: "SendGrid API key",
    source: "docs.sendgrid.com/ui/account-and-settings/api-keys (SG.<22>.<43>)",
    pattern: new RegExp(`${START}SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}`, "g"),
  },
  {
    name: "NATS nkey seed (user, account, operator, cluster, server, curve)",
    source:
      "docs.nats.io/running-a-nats-service/configuration/securing_nats/auth_intro/nkey_auth (S + type + base32, 58 characters)",
    pattern: /(?<![A-Z0-9])S[UACONPX][A-Z2-7]{56}(?![A-Z2-7])/g,
  },
  {
    name: "JSON Web Token",
    source: 'RFC 7519 (base64url header starting {" = eyJ)',
    pattern: new RegExp(`${START}eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]+`, "g"),
  },
];
