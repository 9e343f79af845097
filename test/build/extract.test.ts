import { beforeAll, describe, expect, it } from "vitest";
import type { Parser } from "web-tree-sitter";
import { extractFile } from "../../src/build/extract.ts";
import { rustParser } from "../../src/build/rust-parser.ts";
import type { FoundMessage } from "../../src/build/types.ts";

let parser: Parser;
beforeAll(async () => {
  parser = await rustParser();
});

function messages(source: string, path = "src/meta/src/x.rs"): FoundMessage[] {
  return extractFile(parser, path, source).messages;
}

function texts(source: string, path?: string): string[] {
  return messages(source, path).map((m) => m.errorMessage);
}

function one(source: string, path?: string): FoundMessage {
  const found = messages(source, path);
  expect(found).toHaveLength(1);
  return found[0] as FoundMessage;
}

describe("catalog build: the message constructs of a Rust file", () => {
  it.each([
    ["anyhow!", 'fn f() { let e = anyhow!("upstream closed the connection: {}", e); }', "anyhow", "error_code"],
    ["bail!", 'fn f() -> Result<()> { bail!("table {} is being dropped", id); }', "bail", "error_code"],
    ["bail_<x>!", 'fn f() { bail_not_implemented!(issue = 6903, "drop column cascade"); }', "bail", "error_code"],
    ["<x>_error!", 'fn f() { invalid_option_error!("missing option for the sink"); }', "error-macro", "error_code"],
    ["ensure!", 'fn f() { ensure!(n > 0, "parallelism must be positive, got {}", n); }', "ensure", "error_code"],
    ["panic!", 'fn f() { panic!("vnode bitmap is not set for {}", id); }', "panic", "panic"],
    ["unreachable!", 'fn f() { unreachable!("barrier must be the first message"); }', "unreachable", "panic"],
    ["todo!", 'fn f() { todo!("support this data type later"); }', "todo", "panic"],
    ["assert!", 'fn f() { assert!(ok, "the epoch must increase monotonically"); }', "assert", "panic"],
    [
      "assert_eq!",
      'fn f() { assert_eq!("postgresql", scheme, "jdbc scheme should be postgresql"); }',
      "assert",
      "panic",
    ],
    [".expect", 'fn f() { x.expect("actor should exist in the map"); }', "expect", "panic"],
    [".expect(&format!)", 'fn f() { x.expect(&format!("fragment {} should exist", id)); }', "expect", "panic"],
    [".context", 'fn f() { x.context("failed to read the manifest file")?; }', "context", "error_code"],
    [".with_context", 'fn f() { x.with_context(|| format!("failed to open {}", path))?; }', "context", "error_code"],
    [
      "Err(format!)",
      'fn f() -> Result<(), String> { Err(format!("invalid timezone name: {}", tz)) }',
      "constructor",
      "error_code",
    ],
  ])("finds a message in %s", (_label, source, construct, errorType) => {
    const m = one(source);
    expect(m.construct).toBe(construct);
    expect(m.errorType).toBe(errorType);
    expect(m.severity).toBe(errorType === "panic" ? "critical" : "error");
  });

  it("names the enum and variant of an #[error] attribute, and the error type as its function", () => {
    const m = one(`
#[derive(Error, Debug)]
pub enum BatchError {
    #[error("Unsupported function: {0}")]
    UnsupportedFunction(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}`);
    expect(m).toMatchObject({
      errorMessage: "Unsupported function: {0}",
      errorClass: "BatchError::UnsupportedFunction",
      errorEnum: "BatchError",
      variant: "UnsupportedFunction",
      function: "BatchError",
      construct: "error-attr",
      lineNumber: 4,
    });
  });

  it("reads the struct's own #[error] and multi-line attribute heads", () => {
    const found = messages(`
#[derive(Error, Debug)]
#[error("Feature is not yet implemented: {feature}\\n{issue}")]
pub struct NotImplemented { feature: String }

#[derive(Error, Debug)]
pub enum DmlError {
    #[error(
        "DML is not permitted during cluster recovery"
    )]
    NoReader,
}`);
    expect(found.map((m) => [m.errorMessage, m.errorClass, m.lineNumber])).toEqual([
      ["Feature is not yet implemented: {feature}\n{issue}", "NotImplemented", 3],
      ["DML is not permitted during cluster recovery", "DmlError::NoReader", 8],
    ]);
  });

  it("takes the enclosing fn, qualified by its impl's type", () => {
    const m = one(`
impl GlobalBarrierManager {
    fn collect(&self) {
        bail!("failed to collect barrier from {}", worker);
    }
}`);
    expect(m.function).toBe("GlobalBarrierManager::collect");
    expect(m.lineNumber).toBe(4);
  });

  it("names the error constructor a message is passed to, at the message's line", () => {
    const found = messages(`
fn f() {
    return Err(ErrorCode::NotSupported(
        "Temporal join requires an append-only left input".into(),
        "Please ensure your left input is append-only".to_owned(),
    ).into());
    Err(Status::invalid_argument("first ingest dml message must be init"))
}`);
    expect(found.map((m) => [m.errorMessage, m.errorClass, m.lineNumber])).toEqual([
      ["Temporal join requires an append-only left input", "ErrorCode::NotSupported", 4],
      ["Please ensure your left input is append-only", "ErrorCode::NotSupported", 5],
      ["first ingest dml message must be init", "Status::invalid_argument", 7],
    ]);
  });

  it("keeps kinds and names passed beside other arguments out of the messages", () => {
    expect(
      texts(`
fn f() {
    Err(CatalogError::not_found("table or source", name));
    Err(MetaError::invalid_worker(id, "worker not found in the cluster"));
    ErrorMetric::new("user_sink_error_cnt", "Sink errors in the system, queryable by tags", &[]);
    Err(de::Error::invalid_value(Unexpected::Signed(v), &"integer greater than or equal to 0"));
}`),
    ).toEqual(["Sink errors in the system, queryable by tags"]);
  });

  it("reads messages nested in macro bodies, which tree-sitter leaves unparsed", () => {
    const found = messages(`
fn f() {
    bail!(ErrorCode::InvalidInputSyntax(format!(
        "column {} is not a valid partition key", c
    )));
    warn!(error = %e, "oops {}", self.inner.desc().first().expect("should have a descriptor").name);
    tokio::select! {
        r = fut => { r.context("failed to wait for the barrier collection")?; }
    }
}`);
    expect(found.map((m) => [m.errorMessage, m.errorClass ?? m.construct, m.lineNumber])).toEqual([
      ["column {} is not a valid partition key", "ErrorCode::InvalidInputSyntax", 3],
      ["oops {}", "log", 6],
      ["should have a descriptor", "expect", 6],
      ["failed to wait for the barrier collection", "context", 8],
    ]);
  });

  it("reads macro_rules! bodies, repetitions and metavariables included", () => {
    const found = messages(`
macro_rules! impl_convert {
    ($( { $variant:ident, $suffix:ident } ),*) => {
        $(
            impl ArrayImpl {
                pub fn as_array(&self) -> &Array {
                    match self {
                        Self::$variant(a) => a,
                        other => panic!("cannot convert ArrayImpl::{} to concrete type {}", other, stringify!($variant))
                    }
                }
            }
        )*
    };
}`);
    expect(found.map((m) => [m.errorMessage, m.lineNumber])).toEqual([
      ["cannot convert ArrayImpl::{} to concrete type {}", 9],
    ]);
  });

  it("skips test code: #[cfg(test)] modules, #[test] fns, test-only match arms, cfg(any(test, …))", () => {
    expect(
      texts(`
fn product() { bail!("a message from the product code"); }
#[cfg(test)]
mod tests { fn t() { panic!("a message from a test module"); } }
#[test]
fn t() { panic!("a message from a test function"); }
#[cfg(any(test, madsim))]
fn sim() { bail!("a message from simulation support"); }
#[cfg(not(test))]
fn prod_only() { bail!("a message outside tests only"); }
fn arms(x: u8) {
    match x {
        #[cfg(test)]
        1 => panic!("a message from a test-only arm"),
        _ => panic!("a message from the other arm"),
    }
}`),
    ).toEqual(["a message from the product code", "a message outside tests only", "a message from the other arm"]);
  });

  it("resolves escapes, raw strings, line continuations and concat!", () => {
    expect(
      texts(`
fn f() {
    bail!("the \\"{}\\" option expects a \\\\-separated list");
    bail!(r#"column "{}" must be named"#, c);
    bail!("a message that continues \\
           on the next line");
    bail!(concat!("Use DESCRIBE to view ", "the table's key information."));
}`),
    ).toEqual([
      'the "{}" option expects a \\-separated list',
      'column "{}" must be named',
      "a message that continues on the next line",
      "Use DESCRIBE to view the table's key information.",
    ]);
  });

  it("takes Display impls of error types, not of other types", () => {
    expect(
      texts(`
#[derive(Error, Debug)]
pub struct NoFunction { sig: String }
impl Display for NoFunction {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        write!(f, "function {} does not exist", self.sig)
    }
}
impl Display for IsolationLevel {
    fn fmt(&self, f: &mut Formatter<'_>) -> Result {
        match self { Self::A => write!(f, "repeatable read isolation"), Self::B => f.write_str("read committed isolation") }
    }
}`),
    ).toEqual(["function {} does not exist"]);
  });

  it("takes message variables and message constants, not keys", () => {
    expect(
      texts(`
pub const VARIANT_KEY_HINT: &str = "VARIANT values cannot be used as a key";
const ERROR_KEY: &str = "risingwave-error-bin";
fn validate(n: u32) {
    let error_msg = "parallelism should not be zero";
    let name = "this is not a message variable at all";
}`),
    ).toEqual(["VARIANT values cannot be used as a key", "parallelism should not be zero"]);
  });

  it("reads winnow's parser labels in src/sqlparser as parse errors, not panics", () => {
    const m = one('fn p() { let x = fail.expect("parameter value"); }', "src/sqlparser/src/parser_v2/expr.rs");
    expect(m).toMatchObject({
      construct: "parser-expect",
      errorClass: "winnow::StrContext::Expected",
      errorType: "error_code",
    });
  });

  it("keeps tracing's error!/warn! lines as log records, after their fields", () => {
    const found = messages(`fn f() {
    tracing::warn!(error = %e.as_report(), actor_id, "failed to collect barrier from {}, retrying", worker);
    error!(?key, "lost the state table for actor");
    info!("an info line is never kept for users");
}`);
    expect(found.map((m) => [m.errorMessage, m.errorType, m.severity, m.construct])).toEqual([
      ["failed to collect barrier from {}, retrying", "log", "warning", "log"],
      ["lost the state table for actor", "log", "error", "log"],
    ]);
  });

  it("keeps a logging wrapper's message out: tracing fields before the text", () => {
    expect(
      texts(`fn f() {
    consistency_panic!(?key, ?row, "updating non-existing row in the state table");
    consistency_error!(?pk, "removing a join state entry but it's not in the cache");
    consistency_panic!(current = ?x, to_delete = ?row, "inconsistent delete from the state table");
}`),
    ).toEqual(["inconsistent delete from the state table"]);
  });

  it("lists the variants of the file that carry #[error], for bare-variant constructors elsewhere", () => {
    const ex = extractFile(
      parser,
      "src/common/src/error.rs",
      `pub enum ErrorCode {
    #[error("Permission denied: {0}")]
    PermissionDenied(String),
    Other(String),
}
fn f() { Err(PermissionDenied(format!("permission denied for database \\"{}\\"", db))) }`,
    );
    expect(ex.errorVariants).toEqual(["PermissionDenied"]);
    const bare = ex.messages.find((m) => m.construct === "constructor");
    expect(bare).toMatchObject({ needsErrorVariant: "PermissionDenied", errorClass: "PermissionDenied" });
  });

  // Where this extraction and the reference extraction (../shared/corpus) differ on purpose; the
  // comparison over every reference tag (scripts/compare-reference.ts) finds no other difference.
  describe("differences from the reference extraction", () => {
    it("keeps the else branch of `if cfg!(test)`: it is what production runs (the reference skipped it)", () => {
      expect(
        texts(`fn f() -> bool {
    if cfg!(test) { res.unwrap_or(true) } else { res.expect("streaming CONFIG is not set, which is a bug") }
}`),
      ).toEqual(["streaming CONFIG is not set, which is a bug"]);
    });

    it("reads the arm after a test-only match arm (the reference skipped the next block)", () => {
      expect(
        texts(`fn f(e: Event) {
    match e {
        #[cfg(test)]
        Event::Flush(s) => s.send(()).unwrap(),
    }
}
fn g() { unreachable!("NewControlStream event should be handled separately"); }`),
      ).toEqual(["NewControlStream event should be handled separately"]);
    });

    it('reads String::from("…") passed to an error constructor', () => {
      expect(
        texts(
          'fn f() { Err(InvalidParameterValue(String::from("invalid credentials_url, only file url is supported"))) }',
        ),
      ).toEqual(["invalid credentials_url, only file url is supported"]);
    });

    it("reads a map_err closure whose block ends in format!", () => {
      expect(
        texts(`fn f() { c.commit().map_err(|e| {
    error!(error = %e, "failed to commit metadata of epoch");
    format!("failed to commit: {:?}", e)
})?; }`),
      ).toEqual(["failed to commit: {:?}", "failed to commit metadata of epoch"]);
    });

    it("reads format! given as a reject_syntax! message", () => {
      expect(
        texts('fn f() { reject_syntax!(scalar_as_agg, format!("`AGGREGATE:` prefix is not allowed for {}", name)); }'),
      ).toEqual(["`AGGREGATE:` prefix is not allowed for {}"]);
    });
  });

  it("never throws on text that is not Rust", () => {
    expect(() => messages("\u0000\u0001 fn ( { [ bail!(")).not.toThrow();
    expect(messages("")).toEqual([]);
  });
});
