import { ZCreditPricesResponseSchema } from "@velvet/shared/api/credits";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { listMessagePrices } from "./prices";

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
}
