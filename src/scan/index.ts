export { classifyLine, type LineKind } from "./classify.ts";
export { formatScanJson, formatScanTable } from "./format.ts";
export { type LogInput, type LogLine, splitLines } from "./lines.ts";
export { messageOf, scanLog } from "./scan.ts";
export type { ScannedRecord, ScanOptions, ScanReport, UnmatchedGroup } from "./types.ts";
