#!/usr/bin/env node
// A checkout runs the TypeScript sources through tsx (a devDependency), so `npx rwerror` works
// straight after `npm ci` and never a stale build; the installed package ships no src/ and runs
// the compiled dist/ with production dependencies only.
import { existsSync } from "node:fs";

if (existsSync(new URL("../src/cli.ts", import.meta.url))) {
  const { register } = await import("tsx/esm/api");
  register();
  await import("../src/cli.ts");
} else {
  await import("../dist/cli.js");
}
