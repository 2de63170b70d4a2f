import { ZStaticPageParamsSchema, ZStaticPageResponseSchema, ZStaticPageUpdateRequestSchema } from "../api/content";
import { defineEndpoint } from "./endpoint";

/** The admin console: content pages (the public read is in content.ts). */
export const adminContentEndpoints = {
  updatePage: defineEndpoint({
    method: "PUT",
    path: "/api/admin/pages/:slug",
    params: ZStaticPageParamsSchema,
    body: ZStaticPageUpdateRequestSchema,
    responses: { 200: ZStaticPageResponseSchema },
    auth: "admin",
    tags: ["admin", "content"],
    summary: "Edit a content page (admins; sanitised before it is stored; audited)",
  }),
};
