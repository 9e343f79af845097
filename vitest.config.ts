import { defineConfig } from "vitest/config";

// CI sets RWERROR_TEST_JSON to a file path to count tests from vitest's JSON reporter.
const jsonReport = process.env.RWERROR_TEST_JSON;

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    setupFiles: ["test/support/fast-check-seed.ts"],
    reporters: jsonReport ? ["default", "json"] : ["default"],
    ...(jsonReport ? { outputFile: { json: jsonReport } } : {}),
  },
});
