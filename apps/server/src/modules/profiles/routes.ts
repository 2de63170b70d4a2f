import { PROFILE_PAGE_SIZE } from "@velvet/shared/api/profiles";
import { profileEndpoints } from "@velvet/shared/contract/profiles";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { accountPolicy } from "../../platform/members/account-policy";
import { loadUserRow } from "../../platform/members/user-row";
import { authOf, requireAuth } from "../sessions";
import { deleteSavedSearch, readSearchPreferences, rememberLastSearch, saveSearch } from "./saved-searches";
import { searchProfiles } from "./search";
import { ownProfile, updateOwnProfile, viewProfile } from "./service";

export async function profileRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const signedIn = requireAuth(context);
  const activeMember = async (request: FastifyRequest) => accountPolicy.assertActive(authOf(request).user);

  routeEndpoint(
    app,
    profileEndpoints.search,
    {
      onRequest: [signedIn, activeMember],
    },
    async (request) => {
      const viewer = authOf(request).user;
      const { cards, nextCursor } = await searchProfiles(context, viewer, request.query);
      // A first page is a search the member ran; later pages are the same search scrolled.
      if (!request.query.cursor) await rememberLastSearch(context, viewer, request.query);
      return { data: cards, meta: { next_cursor: nextCursor, per_page: PROFILE_PAGE_SIZE } };
    },
  );

  routeEndpoint(
    app,
    profileEndpoints.profile,
    {
      onRequest: [signedIn, activeMember],
    },
    async (request) => ({ data: await viewProfile(context, authOf(request), request.params.uuid) }),
  );

  routeEndpoint(
    app,
    profileEndpoints.ownProfile,
    {
      onRequest: signedIn,
    },
    async (request) => ({
      data: await ownProfile(context, await loadUserRow(context.database.db, authOf(request).user.id)),
    }),
  );

  routeEndpoint(
    app,
    profileEndpoints.updateOwnProfile,
    {
      onRequest: [signedIn, activeMember],
    },
    async (request) => ({ data: await updateOwnProfile(context, authOf(request).user, request.body) }),
  );

  routeEndpoint(app, profileEndpoints.savedSearches, { onRequest: [signedIn, activeMember] }, async (request) => ({
    data: await readSearchPreferences(context, authOf(request).user),
  }));

  routeEndpoint(app, profileEndpoints.saveSearch, { onRequest: [signedIn, activeMember] }, async (request, reply) => {
    const search = await saveSearch(context, authOf(request).user, request.body.name, request.body.params);
    return reply.status(201).send({ data: search });
  });

  routeEndpoint(app, profileEndpoints.deleteSavedSearch, { onRequest: [signedIn, activeMember] }, async (request) => ({
    data: await deleteSavedSearch(context, authOf(request).user, request.params.id),
  }));
}
