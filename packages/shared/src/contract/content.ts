import { ZStaticPageParamsSchema, ZStaticPageResponseSchema } from "../api/content";
import { defineEndpoint } from "./endpoint";

/** The content pages, public side (the admin's editing is in admin-content.ts). */
export const contentEndpoints = {
  page: defineEndpoint({
    method: "GET",
    path: "/api/pages/:slug",
    params: ZStaticPageParamsSchema,
    responses: { 200: ZStaticPageResponseSchema },
    auth: "public",
    tags: ["content"],
    summary: "A content page (FAQ, legal, affiliates) with its sanitised HTML; 404 for an unknown slug",
  }),
};
