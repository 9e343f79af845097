/**
 * Who acts on an error, read from the code alone: `user` (the SQL, a parameter, a permission, a
 * feature not supported), `external` (an upstream system: a connector's peer, the object store),
 * `internal` (an invariant, a panic, an internal error), or null when the code does not say.
 * Rules go from the strongest evidence (the construct and the error variant) to the weakest (words).
 */
import type { Origin } from "./types.ts";

export interface OriginFacts {
  errorMessage: string;
  /** The macro that raised it, when one did. */
  macro?: string;
  errorType: string;
  errorClass: string | null;
  construct: string;
  component: string | null;
  filePath: string;
}

/** Error variants and constructors whose meaning is who acts. */
const USER_CLASS =
  /(?:^|::)(?:BindError|NotSupported|NotImplemented|InvalidInputSyntax|InvalidParameterValue|InvalidConfigValue|PermissionDenied|permission_denied|invalid_parameter|invalid_argument|CatalogError|NoFunction|InvalidParam|ParserError|TokenizerError|StrError|InvalidValue|UnrecognizedEntry|Expected|ExprError::\w+|SessionConfigError::\w+|InvalidOptionError|EnforceSecretError|ProtocolError|ParseError|ParseIntError|IntervalParseError::\w+|Cast\w*|InvalidFormat)$/;
const INTERNAL_CLASS = /(?:^|::)(?:InternalError|Internal|internal|Unreachable|unreachable|Inconsistent\w*)$/;
const EXTERNAL_CLASS =
  /(?:^|::)(?:ObjectError|ObjectError::\w+|SinkError::(?!Config)\w+|ConnectorError|Kafka\w*|Pulsar\w*|Kinesis\w*|Nats\w*|Mqtt\w*|Iceberg\w*|ClickHouse|Doris\w*|StarRocks\w*|Redis|MongoDb|DynamoDb|ElasticSearch\w*|Jdbc|Http\w*|Remote\w*|Coordinator|DorisStarrocksConnect|Snowflake|BigQuery|SqlServer|Postgres|MySql|Mysql|DeltaLake|timeout|unavailable|Unavailable|Io|io)$/;

const USER_WORDS =
  /\b(?:not supported|unsupported|not allowed|not permitted|does not exist|doesn't exist|already exists|not found|permission denied|must be|must not|should be specified|is required|are required|required property|invalid|unknown|unrecognized|expected|cannot be|can't be|can not be|only support|please|hint:|syntax|ambiguous|duplicate|too (?:many|long|large)|out of range|exceeds?)\b/i;
const INTERNAL_WORDS =
  /\b(?:should (?:not )?(?:be|have|exist|contain|never)|should exist|must exist|unexpected|unreachable|bug|invariant|inconsisten\w*|not initialized|already (?:registered|initialized)|mismatch(?:ed)?|corrupt\w*|poisoned|checksum)\b/i;
const EXTERNAL_WORDS =
  /\b(?:connect(?:ion)?|timed? ?out|broker|kafka|pulsar|kinesis|schema registry|upstream|remote|s3|gcs|azure|http|tls|ssl|certificate|network|unreachable host|refused|reset by peer|jdbc|debezium|cdc|binlog|replication slot|object store|bucket|credentials?|authenticat\w+|throttl\w+|rate limit)\b/i;

/** Macros whose name says who acts: RisingWave's `bail_not_implemented!`, `bail_bind_error!`, …. */
const USER_MACRO =
  /^(?:bail_)?(?:not_impl\w*|invalid_input_syntax|bind_error|permission_denied|invalid_parameter\w*|invalid_option_error|no_function|catalog_error|reject_syntax|parser_err)$/;
const INTERNAL_MACRO = /^(?:bail_internal|internal_error|debug_panic_or_warn|\w*consistency\w*)$/;
const EXPECTED_BUT_GOT = /\bexpect(?:ed|s)?\b.*\bbut (?:got|found|received)\b/i;
const DATA_WORDS =
  /\b(?:failed to (?:decode|deserialize|parse)|decode|deserializ\w+|malformed|invalid (?:json|utf-?8|avro|protobuf)|schema registry)\b/i;

/** The front of the system: the SQL a user wrote is parsed, bound, planned and checked there. */
function userFacing(f: OriginFacts): boolean {
  return f.component === "frontend" || f.component === "sqlparser" || f.component === "expr";
}

export function originOf(f: OriginFacts): Origin {
  const cls = f.errorClass ?? "";
  if (f.errorType === "panic" || f.construct === "parser-expect") {
    return f.construct === "parser-expect" ? "user" : "internal";
  }
  if (f.macro && USER_MACRO.test(f.macro)) return "user";
  if (f.macro && INTERNAL_MACRO.test(f.macro)) return "internal";
  if (INTERNAL_CLASS.test(cls)) return "internal";
  if (USER_CLASS.test(cls)) return "user";
  if (EXTERNAL_CLASS.test(cls)) return "external";
  if (cls === "SinkError::Config" || /WithOptions|with_options|options?\.rs$/.test(f.filePath)) return "user";
  if (f.component === "sqlparser") return "user";
  const msg = f.errorMessage;
  if (INTERNAL_WORDS.test(msg)) return "internal";
  if (f.component === "connector" || f.filePath.startsWith("src/object_store/")) {
    if (EXTERNAL_WORDS.test(msg) || DATA_WORDS.test(msg)) return "external";
    if (USER_WORDS.test(msg)) return "user";
    return null;
  }
  if (userFacing(f) && USER_WORDS.test(msg)) return "user";
  // Outside the SQL front end, "expected X but got Y" checks RisingWave's own state.
  if (!userFacing(f) && EXPECTED_BUT_GOT.test(msg)) return "internal";
  if (EXTERNAL_WORDS.test(msg) && /\b(?:kafka|pulsar|kinesis|s3|jdbc|debezium|upstream|object store)\b/i.test(msg)) {
    return "external";
  }
  return null;
}
