import { ZCreditPackagesResponseSchema, ZCreditPricesResponseSchema } from "@velvet/shared/api/credits";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { optionalAuth } from "../auth/optional-auth";
import { listMessagePrices } from "./prices";
import { creditShelf } from "./shelf";

export async function creditRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/credit-prices",
    {
      schema: {
        tags: ["credits"],
        summary: "What each message type costs, in credits (public: the prices page shows it to guests)",
        security: [{ siteKey: [] }],
        response: { 200: ZCreditPricesResponseSchema },
      },
    },
    async () => ({ data: await listMessagePrices(context.database.db) }),
  );

  api.get(
    "/api/credit-packages",
    {
      onRequest: optionalAuth(context),
      schema: {
        tags: ["credits"],
        summary:
          "The credit store: credit packages, the 24-hour pass and VIP (AUD, GST included), priced for the caller",
        security: [{ siteKey: [] }],
        response: { 200: ZCreditPackagesResponseSchema },
      },
    },
    async (request) => creditShelf(context, request.auth?.user),
  );
}
