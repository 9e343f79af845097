export { buildCatalog, type Catalog, catalogFromRecords } from "./catalog.ts";
export { CatalogError, type CatalogProblem, formatProblem } from "./errors.ts";
export { type LoadResult, listDatasetFiles, loadCatalog } from "./load.ts";
export { parseDataset } from "./parse.ts";
export { type ErrorRecord, recordSchema } from "./schema.ts";
