export { classifyBytes, classifyLine, type LineKind } from "./classify.ts";
export { formatScanJson, formatScanTable } from "./format.ts";
export { collectLines, type LineVisitor, type LogInput, type LogLine, readLines } from "./lines.ts";
export { messageOf, scanLog } from "./scan.ts";
export type { ScannedRecord, ScanOptions, ScanReport, UnmatchedGroup } from "./types.ts";
