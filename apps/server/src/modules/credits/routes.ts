import { creditEndpoints } from "@velvet/shared/contract/credits";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { optionalAuth } from "../sessions";
import { listMessagePrices } from "./prices";
import { creditShelf } from "./shelf";

export async function creditRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  routeEndpoint(app, creditEndpoints.prices, {}, async () => ({ data: await listMessagePrices(context.database.db) }));

  routeEndpoint(
    app,
    creditEndpoints.shelf,
    {
      onRequest: optionalAuth(context),
    },
    async (request) => creditShelf(context, request.auth?.user),
  );
}
