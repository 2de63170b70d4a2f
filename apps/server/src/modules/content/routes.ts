import {
  ZStaticPageParamsSchema,
  ZStaticPageResponseSchema,
  ZStaticPageUpdateRequestSchema,
} from "@velvet/shared/api/content";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { adminGuard } from "../admin/policy";
import { authOf } from "../auth/authenticate";
import { presentStaticPage } from "./presenter";
import { findStaticPage, updateStaticPage } from "./service";

export async function contentRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/pages/:slug",
    {
      schema: {
        tags: ["content"],
        summary: "A content page (FAQ, legal, affiliates) with its sanitised HTML; 404 for an unknown slug",
        params: ZStaticPageParamsSchema,
        response: { 200: ZStaticPageResponseSchema },
      },
    },
    async (request) => ({ data: presentStaticPage(await findStaticPage(context, request.params.slug)) }),
  );

  app.withTypeProvider<ZodTypeProvider>().put(
    "/api/admin/pages/:slug",
    {
      onRequest: adminGuard(context),
      schema: {
        tags: ["admin", "content"],
        summary: "Edit a content page (admins; sanitised before it is stored; audited)",
        security: [{ siteKey: [], bearer: [] }],
        params: ZStaticPageParamsSchema,
        body: ZStaticPageUpdateRequestSchema,
        response: { 200: ZStaticPageResponseSchema },
      },
    },
    async (request) => ({
      data: presentStaticPage(
        await updateStaticPage(context, authOf(request).user, request.params.slug, request.body, request.ip),
      ),
    }),
  );
}
