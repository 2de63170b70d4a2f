import {
  PROFILE_PAGE_SIZE,
  ZOwnProfileResponseSchema,
  ZProfileResponseSchema,
  ZProfileSearchQuerySchema,
  ZProfileSearchResponseSchema,
  ZUpdateProfileRequestSchema,
} from "@velvet/shared/api/profiles";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { accountPolicy } from "../accounts/policy";
import { authOf, requireAuth } from "../auth/authenticate";
import { searchProfiles } from "./search";
import { ownProfile, updateOwnProfile, viewProfile } from "./service";

const bearer = [{ siteKey: [], bearer: [] }];

export async function profileRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(context);
  const activeMember = async (request: FastifyRequest) => accountPolicy.assertActive(authOf(request).user);

  api.get(
    "/api/profiles",
    {
      onRequest: [signedIn, activeMember],
      schema: {
        tags: ["profiles"],
        summary: `Search and browse profiles, ${PROFILE_PAGE_SIZE} a page, cursor paging`,
        security: bearer,
        querystring: ZProfileSearchQuerySchema,
        response: { 200: ZProfileSearchResponseSchema },
      },
    },
    async (request) => {
      const { cards, nextCursor } = await searchProfiles(context, authOf(request).user, request.query);
      return { data: cards, meta: { next_cursor: nextCursor, per_page: PROFILE_PAGE_SIZE } };
    },
  );

  api.get(
    "/api/profiles/:uuid",
    {
      onRequest: [signedIn, activeMember],
      schema: {
        tags: ["profiles"],
        summary: "Another member's public profile and the viewer's relation to them (records a visit)",
        security: bearer,
        params: z.object({ uuid: z.uuid() }),
        response: { 200: ZProfileResponseSchema },
      },
    },
    async (request) => ({ data: await viewProfile(context, authOf(request).user, request.params.uuid) }),
  );

  api.get(
    "/api/profile",
    {
      onRequest: signedIn,
      schema: {
        tags: ["profiles"],
        summary: "The member's own profile",
        security: bearer,
        response: { 200: ZOwnProfileResponseSchema },
      },
    },
    async (request) => ({ data: await ownProfile(context, authOf(request).user) }),
  );

  api.put(
    "/api/profile",
    {
      onRequest: [signedIn, activeMember],
      schema: {
        tags: ["profiles"],
        summary: "Edit the member's own profile",
        security: bearer,
        body: ZUpdateProfileRequestSchema,
        response: { 200: ZOwnProfileResponseSchema },
      },
    },
    async (request) => ({ data: await updateOwnProfile(context, authOf(request).user, request.body) }),
  );
}
