export { type AnalysisCoverage, type AnalysisJoin, joinAnalyses } from "./analysis-join.ts";
export { listAnalysisFiles, type ParsedAnalyses, parseAnalysisFiles } from "./analysis-parse.ts";
export {
  type Analysis,
  type AnalysisIdentifiers,
  type AnalysisOrigin,
  type FamilyAnalysis,
  HANDLING_STRATEGIES,
  type HandlingStrategy,
  type RecordAnalysis,
} from "./analysis-schema.ts";
export { buildCatalog, type Catalog, catalogFromRecords, indexJoinedRecords } from "./catalog.ts";
export { CatalogError, type CatalogProblem, formatProblem } from "./errors.ts";
export { type DatasetHeader, mainDateOf } from "./header.ts";
export { readDatasetHeader } from "./header-file.ts";
export { type LoadResult, listDatasetFiles, loadCatalog } from "./load.ts";
export { parseDataset } from "./parse.ts";
export { type ErrorRecord, recordSchema } from "./schema.ts";
export { type KnowledgeSummary, knowledgeLine, summarizeKnowledge } from "./summary.ts";
