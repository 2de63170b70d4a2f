import { presenceEndpoints } from "@velvet/shared/contract/presence";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import type { RealtimeServer } from "../realtime";
import { countOnline } from "./online-count";

export async function presenceRoutes(
  app: FastifyInstance,
  context: AppContext,
  realtime: RealtimeServer,
): Promise<void> {
  routeEndpoint(app, presenceEndpoints.onlineCount, {}, async () => ({
    data: { online: await countOnline(context, () => realtime.directory.counts()) },
  }));
}
