import { ZProfileSearchResponseSchema } from "../api/profiles";
import { ZBlockedMembersResponseSchema } from "../api/safety";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

const ZTargetParams = z.object({ uuid: z.uuid() });
const ZDoneResponse = z.object({ data: z.object({ done: z.boolean() }) });
const ZListQuery = z.object({ cursor: z.coerce.number().int().positive().optional() });

/** Likes, winks, favorites and blocks on a profile, and the lists they make. */
export const interactionEndpoints = {
  like: defineEndpoint({
    method: "POST",
    path: "/api/profiles/:uuid/like",
    params: ZTargetParams,
    responses: { 200: ZDoneResponse },
    auth: "member",
    tags: ["interactions"],
    summary: "Like a profile",
  }),
  unlike: defineEndpoint({
    method: "DELETE",
    path: "/api/profiles/:uuid/like",
    params: ZTargetParams,
    responses: { 200: ZDoneResponse },
    auth: "member",
    tags: ["interactions"],
    summary: "Undo: like a profile",
  }),
  wink: defineEndpoint({
    method: "POST",
    path: "/api/profiles/:uuid/wink",
    params: ZTargetParams,
    responses: { 200: ZDoneResponse },
    auth: "member",
    tags: ["interactions"],
    summary: "Wink at a profile",
  }),
  favorite: defineEndpoint({
    method: "POST",
    path: "/api/profiles/:uuid/favorite",
    params: ZTargetParams,
    responses: { 200: ZDoneResponse },
    auth: "member",
    tags: ["interactions"],
    summary: "Add a profile to favorites",
  }),
  unfavorite: defineEndpoint({
    method: "DELETE",
    path: "/api/profiles/:uuid/favorite",
    params: ZTargetParams,
    responses: { 200: ZDoneResponse },
    auth: "member",
    tags: ["interactions"],
    summary: "Undo: add a profile to favorites",
  }),
  block: defineEndpoint({
    method: "POST",
    path: "/api/profiles/:uuid/block",
    params: ZTargetParams,
    responses: { 200: ZDoneResponse },
    auth: "member",
    tags: ["interactions"],
    summary: "Block a member",
  }),
  unblock: defineEndpoint({
    method: "DELETE",
    path: "/api/profiles/:uuid/block",
    params: ZTargetParams,
    responses: { 200: ZDoneResponse },
    auth: "member",
    tags: ["interactions"],
    summary: "Undo: block a member",
  }),
  favorites: defineEndpoint({
    method: "GET",
    path: "/api/my-favorites",
    query: ZListQuery.extend({ tab: z.enum(["mine", "favorited_me"]).default("mine") }),
    responses: { 200: ZProfileSearchResponseSchema },
    auth: "member",
    tags: ["interactions"],
    summary: "Profiles I favorited, or (tab=favorited_me) members who favorited me",
  }),
  visitors: defineEndpoint({
    method: "GET",
    path: "/api/my-visitors",
    query: ZListQuery,
    responses: { 200: ZProfileSearchResponseSchema },
    auth: "member",
    tags: ["interactions"],
    summary: "Who visited my profile, newest first",
  }),
  blocks: defineEndpoint({
    method: "GET",
    path: "/api/blocks",
    query: ZListQuery,
    responses: { 200: ZBlockedMembersResponseSchema },
    auth: "member",
    tags: ["interactions"],
    summary: "Members I blocked, newest block first",
  }),
  likesYou: defineEndpoint({
    method: "GET",
    path: "/api/my-likes",
    query: ZListQuery.extend({ tab: z.enum(["liked_me", "winked_me"]).default("liked_me") }),
    responses: { 200: ZProfileSearchResponseSchema },
    auth: "member",
    tags: ["interactions"],
    summary: "Members who liked (or, tab=winked_me, winked at) me, newest first; clears that tab's new count",
  }),
};
