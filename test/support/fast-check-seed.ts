/**
 * Property tests draw new inputs on every local run (that is how they found the quadratic chain join
 * and the non-idempotent redaction). CI runs them on a fixed seed, so whether main lands is decided by
 * the code, not by the draw. `FC_SEED=<n>` replays a draw; a failure prints its seed either way.
 */
import fc from "fast-check";

const seed = process.env.FC_SEED?.trim();
if (seed && /^-?\d+$/.test(seed)) fc.configureGlobal({ seed: Number(seed) });
