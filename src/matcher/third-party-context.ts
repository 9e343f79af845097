/**
 * Third-party roots: when a library's or server's message (tonic, librdkafka, the AWS SDK, an
 * upstream database) is the root of a RisingWave chain, the card leads with it and names the
 * RisingWave operation around it ("gRPC request to meta service failed").
 */
import type { Match, MatchResult } from "./types.ts";

export const THIRD_PARTY = "third_party";

/** Layers that name no operation: subsystem labels, transport plumbing, psql's outer line. */
const NO_OPERATION =
  /^(?:[A-Za-z][\w/-]*(?: [\w/-]+){0,3} (?:error|Error)|Failed to run the query|QueryError: internal error|internal error|Unknown error|error trying to connect|connection error|status: \w+|Internal error|Caused by)\s*:?$/;
const MAX_CONTEXT = 200;

export function isThirdParty(m: Match): boolean {
  return m.record.errorType === THIRD_PARTY;
}

/** The nearest outer layer that names what RisingWave was doing, first line only. */
export function operationAround(layers: readonly string[], layerIndex: number, layer: string): string | undefined {
  // Within a compact chain, the links before the third-party text come first.
  const links = layer.split("\n")[0]?.split(": ") ?? [];
  for (let i = links.length - 2; i >= 0; i--) {
    const link = links.slice(0, i + 1).join(": ");
    if (!NO_OPERATION.test(links[i] ?? "") && !NO_OPERATION.test(link)) return link.slice(0, MAX_CONTEXT);
  }
  for (let i = Math.min(layerIndex, layers.length) - 1; i >= 0; i--) {
    const text = (layers[i] ?? "").split("\n")[0]?.trim() ?? "";
    if (text !== "" && !NO_OPERATION.test(text)) return text.slice(0, MAX_CONTEXT);
  }
  return undefined;
}

/** Names the operation around every third-party match and lets a deeper third-party root lead. */
export function applyThirdPartyStage(result: MatchResult): void {
  for (const m of result.matches) {
    if (!isThirdParty(m)) continue;
    const around = operationAround(result.layers, m.layerIndex, m.layer);
    if (around) m.context = around;
  }
  const best = result.matches[0];
  if (!best || isThirdParty(best)) return;
  const root = result.matches.find((m) => isThirdParty(m) && m.kind !== "fuzzy" && m.layerIndex > best.layerIndex);
  if (root) result.matches = [root, ...result.matches.filter((m) => m !== root)];
}
