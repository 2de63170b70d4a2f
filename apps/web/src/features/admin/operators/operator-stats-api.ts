import { operatorEndpoints } from "@velvet/shared/contract/operator";
import { callEndpoint } from "../../../lib/api-client";

export const operatorStatsKeys = {
  range: (from: string, to: string) => ["admin", "operator-stats", from, to] as const,
};

export function fetchOperatorStats(from: string, to: string) {
  return callEndpoint(operatorEndpoints.stats, { query: { from, to } }, { progress: false }).then(
    (response) => response.data,
  );
}
