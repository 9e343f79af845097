/**
 * Which files of RisingWave's tree hold product code whose messages users meet, and which part of
 * RisingWave a file belongs to. Test code, benches, examples, developer tools and test crates are out.
 */

/** Crates under src/ that are tooling or tests, not the product. */
const OUTSIDE_PRODUCT = ["src/tests/", "src/risedevtool/", "src/bench/", "src/test_runner/", "src/workspace-hack/"];

export function isProductSource(path: string): boolean {
  if (!path.endsWith(".rs") || !path.startsWith("src/")) return false;
  if (OUTSIDE_PRODUCT.some((p) => path.startsWith(p))) return false;
  if (/(?:^|\/)(?:tests|benches|examples|test_utils)\//.test(path)) return false;
  // Test helpers and mocks: `test_utils.rs`, `*_test.rs`, `tests.rs`, `mock_catalog.rs`.
  const file = path.slice(path.lastIndexOf("/") + 1);
  return !(file.includes("test") || file.includes("bench") || file.startsWith("mock"));
}
