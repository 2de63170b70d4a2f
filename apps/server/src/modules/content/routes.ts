import { ZStaticPageParamsSchema, ZStaticPageResponseSchema } from "@velvet/shared/api/content";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { presentStaticPage } from "./presenter";
import { findStaticPage } from "./service";

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
}
