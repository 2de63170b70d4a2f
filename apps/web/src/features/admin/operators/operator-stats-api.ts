import { ZOperatorStatsResponseSchema } from "@velvet/shared/api/operator";
import { api } from "../../../lib/api-client";

export const operatorStatsKeys = {
  range: (from: string, to: string) => ["admin", "operator-stats", from, to] as const,
};

export function fetchOperatorStats(from: string, to: string) {
  return api
    .get("/operator/stats", { query: { from, to }, schema: ZOperatorStatsResponseSchema, progress: false })
    .then((response) => response.data);
}
