import { ZOnlineCountResponseSchema } from "../api/system";
import { defineEndpoint } from "./endpoint";

export const presenceEndpoints = {
  onlineCount: defineEndpoint({
    method: "GET",
    path: "/api/onlines/count",
    responses: { 200: ZOnlineCountResponseSchema },
    auth: "public",
    tags: ["presence"],
    summary: "How many members are online now (the navbar refreshes it every 5 minutes)",
  }),
};
