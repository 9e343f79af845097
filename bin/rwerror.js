#!/usr/bin/env node
// Loads the TypeScript CLI through tsx's loader so `npx rwerror` works straight after `npm ci`.
import { register } from "tsx/esm/api";

register();
await import("../src/cli.ts");
