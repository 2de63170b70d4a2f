import type { TStaticPageUpdateRequest } from "@velvet/shared/api/content";
import { adminContentEndpoints } from "@velvet/shared/contract/admin-content";
import { callEndpoint } from "../../../lib/api-client";

export function saveStaticPage(slug: string, body: TStaticPageUpdateRequest) {
  return callEndpoint(adminContentEndpoints.updatePage, { params: { slug }, body }).then((response) => response.data);
}
