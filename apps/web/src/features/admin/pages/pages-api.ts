import { type TStaticPageUpdateRequest, ZStaticPageResponseSchema } from "@velvet/shared/api/content";
import { api } from "../../../lib/api-client";

export function saveStaticPage(slug: string, body: TStaticPageUpdateRequest) {
  return api
    .put(`/admin/pages/${encodeURIComponent(slug)}`, body, { schema: ZStaticPageResponseSchema })
    .then((response) => response.data);
}
