import {
  ZAdminCreditPackageResponseSchema,
  ZAdminCreditPackagesResponseSchema,
  ZAdminCreditPackageUpdateRequestSchema,
  ZAdminMessagePriceParamsSchema,
  ZAdminMessagePriceRequestSchema,
  ZAdminMessagePriceResponseSchema,
} from "@velvet/shared/api/admin-commerce";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf } from "../auth/authenticate";
import { listPackagesForAdmin, setMessagePrice, updatePackage } from "./commerce-service";
import { adminGuard } from "./policy";

/** Admin: message prices and credit packages (issue 10). Admins only, checked in onRequest. */
export async function adminCommerceRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = () => adminGuard(context);
  const schema = { tags: ["admin"], security: [{ siteKey: [], bearer: [] }] };

  api.put(
    "/api/admin/message-prices/:type",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Set a message type's price in credits (applies to the next message; audited)",
        params: ZAdminMessagePriceParamsSchema,
        body: ZAdminMessagePriceRequestSchema,
        response: { 200: ZAdminMessagePriceResponseSchema },
      },
    },
    async (request) => ({
      data: await setMessagePrice(context, authOf(request).user, request.params.type, request.body.credits, request.ip),
    }),
  );

  api.get(
    "/api/admin/credit-packages",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Every credit package, pass and VIP offer, active or not, in shelf order",
        response: { 200: ZAdminCreditPackagesResponseSchema },
      },
    },
    async () => ({ data: await listPackagesForAdmin(context) }),
  );

  api.put(
    "/api/admin/credit-packages/:id",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Change a package's name, credits, bonus, price, position or availability (audited)",
        params: z.object({ id: z.coerce.number().int().min(1) }),
        body: ZAdminCreditPackageUpdateRequestSchema,
        response: { 200: ZAdminCreditPackageResponseSchema },
      },
    },
    async (request) => ({
      data: await updatePackage(context, authOf(request).user, request.params.id, request.body, request.ip),
    }),
  );
}
