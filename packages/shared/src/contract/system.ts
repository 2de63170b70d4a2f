import { ZClientConfigResponseSchema, ZHealthResponseSchema } from "../api/system";
import { defineEndpoint } from "./endpoint";

/**
 * The site's plumbing: health and client configuration. The OpenAPI document's own route stays
 * outside the contract (its answer is the document itself).
 */
export const systemEndpoints = {
  health: defineEndpoint({
    method: "GET",
    path: "/api/health",
    responses: { 200: ZHealthResponseSchema, 503: ZHealthResponseSchema },
    auth: "none",
    tags: ["system"],
    summary: "Liveness and dependency status (database, Redis when configured)",
  }),
  clientConfig: defineEndpoint({
    method: "GET",
    path: "/api/client-config",
    responses: { 200: ZClientConfigResponseSchema },
    auth: "public",
    tags: ["system"],
    summary: "Public client configuration (spec §7)",
  }),
};
