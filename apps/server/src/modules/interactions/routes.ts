import type { ZProfileSearchResponseSchema } from "@velvet/shared/api/profiles";
import { interactionEndpoints } from "@velvet/shared/contract/interactions";
import type { z } from "@velvet/shared/validation/z";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { accountPolicy } from "../../platform/members/account-policy";
import { authOf, requireAuth } from "../sessions";
import { BLOCKS_PAGE_SIZE, listBlocked } from "./blocks";
import { addInteraction, listFavorites, listLikesYou, listVisitors, removeInteraction } from "./service";

export async function interactionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const signedIn = requireAuth(context);
  const activeMember = async (request: FastifyRequest) => accountPolicy.assertActive(authOf(request).user);
  const guard = { onRequest: [signedIn, activeMember] };

  const actions = [
    { add: interactionEndpoints.like, undo: interactionEndpoints.unlike, kind: "like" },
    { add: interactionEndpoints.wink, undo: undefined, kind: "wink" },
    { add: interactionEndpoints.favorite, undo: interactionEndpoints.unfavorite, kind: "favorite" },
    { add: interactionEndpoints.block, undo: interactionEndpoints.unblock, kind: "block" },
  ] as const;
  for (const action of actions) {
    routeEndpoint(app, action.add, guard, async (request) => {
      await addInteraction(context, authOf(request), request.params.uuid, action.kind);
      return { data: { done: true } };
    });
    if (!action.undo) continue;
    routeEndpoint(app, action.undo, guard, async (request) => {
      await removeInteraction(context, authOf(request), request.params.uuid, action.kind);
      return { data: { done: true } };
    });
  }

  const listResponse = (result: { cards: unknown[]; nextCursor: string | null }) => ({
    data: result.cards as z.infer<typeof ZProfileSearchResponseSchema>["data"],
    meta: { next_cursor: result.nextCursor, per_page: 24 },
  });

  routeEndpoint(app, interactionEndpoints.favorites, guard, async (request) =>
    listResponse(await listFavorites(context, authOf(request).user, request.query.tab, request.query.cursor)),
  );

  routeEndpoint(app, interactionEndpoints.visitors, guard, async (request) =>
    listResponse(await listVisitors(context, authOf(request).user, request.query.cursor)),
  );

  routeEndpoint(app, interactionEndpoints.likesYou, guard, async (request) =>
    listResponse(await listLikesYou(context, authOf(request).user, request.query.tab, request.query.cursor)),
  );

  routeEndpoint(app, interactionEndpoints.blocks, guard, async (request) => {
    const result = await listBlocked(context, authOf(request).user, request.query.cursor);
    return { data: result.members, meta: { next_cursor: result.nextCursor, per_page: BLOCKS_PAGE_SIZE } };
  });
}
