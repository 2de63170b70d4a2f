import { ZProfileSearchResponseSchema } from "@velvet/shared/api/profiles";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { accountPolicy } from "../accounts/policy";
import { authOf, requireAuth } from "../auth/authenticate";
import { addInteraction, type InteractionKind, listFavorites, listVisitors, removeInteraction } from "./service";

const bearer = [{ siteKey: [], bearer: [] }];
const ZTargetParams = z.object({ uuid: z.uuid() });
const ZDoneResponse = z.object({ data: z.object({ done: z.boolean() }) });
const ZListQuery = z.object({ cursor: z.coerce.number().int().positive().optional() });

export async function interactionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(context);
  const activeMember = async (request: FastifyRequest) => accountPolicy.assertActive(authOf(request).user);
  const guard = { onRequest: [signedIn, activeMember] };

  const actions: Array<{ path: string; kind: InteractionKind; undo: boolean; summary: string }> = [
    { path: "like", kind: "like", undo: true, summary: "Like a profile" },
    { path: "wink", kind: "wink", undo: false, summary: "Wink at a profile" },
    { path: "favorite", kind: "favorite", undo: true, summary: "Add a profile to favorites" },
    { path: "block", kind: "block", undo: true, summary: "Block a member" },
  ];
  for (const action of actions) {
    api.post(
      `/api/profiles/:uuid/${action.path}`,
      {
        ...guard,
        schema: {
          tags: ["interactions"],
          summary: action.summary,
          security: bearer,
          params: ZTargetParams,
          response: { 200: ZDoneResponse },
        },
      },
      async (request) => {
        await addInteraction(context, authOf(request).user, request.params.uuid, action.kind);
        return { data: { done: true } };
      },
    );
    if (!action.undo) continue;
    api.delete(
      `/api/profiles/:uuid/${action.path}`,
      {
        ...guard,
        schema: {
          tags: ["interactions"],
          summary: `Undo: ${action.summary.toLowerCase()}`,
          security: bearer,
          params: ZTargetParams,
          response: { 200: ZDoneResponse },
        },
      },
      async (request) => {
        await removeInteraction(
          context,
          authOf(request).user,
          request.params.uuid,
          action.kind as Exclude<InteractionKind, "wink">,
        );
        return { data: { done: true } };
      },
    );
  }

  const listResponse = (result: { cards: unknown[]; nextCursor: string | null }) => ({
    data: result.cards as z.infer<typeof ZProfileSearchResponseSchema>["data"],
    meta: { next_cursor: result.nextCursor, per_page: 24 },
  });

  api.get(
    "/api/my-favorites",
    {
      ...guard,
      schema: {
        tags: ["interactions"],
        summary: "Profiles I favorited, or (tab=favorited_me) members who favorited me",
        security: bearer,
        querystring: ZListQuery.extend({ tab: z.enum(["mine", "favorited_me"]).default("mine") }),
        response: { 200: ZProfileSearchResponseSchema },
      },
    },
    async (request) =>
      listResponse(await listFavorites(context, authOf(request).user, request.query.tab, request.query.cursor)),
  );

  api.get(
    "/api/my-visitors",
    {
      ...guard,
      schema: {
        tags: ["interactions"],
        summary: "Who visited my profile, newest first",
        security: bearer,
        querystring: ZListQuery,
        response: { 200: ZProfileSearchResponseSchema },
      },
    },
    async (request) => listResponse(await listVisitors(context, authOf(request).user, request.query.cursor)),
  );
}
