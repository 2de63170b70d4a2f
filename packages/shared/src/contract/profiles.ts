import {
  PROFILE_PAGE_SIZE,
  SAVED_SEARCH_LIMIT,
  ZOwnProfileResponseSchema,
  ZProfileResponseSchema,
  ZProfileSearchQuerySchema,
  ZProfileSearchResponseSchema,
  ZSaveSearchRequestSchema,
  ZSearchPreferencesResponseSchema,
  ZUpdateProfileRequestSchema,
} from "../api/profiles";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

/** Profiles: search, another member's profile, and the member's own. */
export const profileEndpoints = {
  search: defineEndpoint({
    method: "GET",
    path: "/api/profiles",
    query: ZProfileSearchQuerySchema,
    responses: { 200: ZProfileSearchResponseSchema },
    auth: "member",
    tags: ["profiles"],
    summary: `Search and browse profiles, ${PROFILE_PAGE_SIZE} a page, cursor paging`,
  }),
  profile: defineEndpoint({
    method: "GET",
    path: "/api/profiles/:uuid",
    params: z.object({ uuid: z.uuid() }),
    responses: { 200: ZProfileResponseSchema },
    auth: "member",
    tags: ["profiles"],
    summary: "Another member's public profile and the viewer's relation to them (records a visit)",
  }),
  ownProfile: defineEndpoint({
    method: "GET",
    path: "/api/profile",
    responses: { 200: ZOwnProfileResponseSchema },
    auth: "member",
    tags: ["profiles"],
    summary: "The member's own profile",
  }),
  updateOwnProfile: defineEndpoint({
    method: "PUT",
    path: "/api/profile",
    body: ZUpdateProfileRequestSchema,
    responses: { 200: ZOwnProfileResponseSchema },
    auth: "member",
    tags: ["profiles"],
    summary: "Edit the member's own profile",
  }),
  savedSearches: defineEndpoint({
    method: "GET",
    path: "/api/saved-searches",
    responses: { 200: ZSearchPreferencesResponseSchema },
    auth: "member",
    tags: ["profiles"],
    summary: "The member's last search and saved searches (preferences.search)",
  }),
  saveSearch: defineEndpoint({
    method: "POST",
    path: "/api/saved-searches",
    body: ZSaveSearchRequestSchema,
    responses: { 201: ZSearchPreferencesResponseSchema },
    auth: "member",
    tags: ["profiles"],
    summary: `Save a named search (up to ${SAVED_SEARCH_LIMIT}; saving an existing name replaces it)`,
  }),
  deleteSavedSearch: defineEndpoint({
    method: "DELETE",
    path: "/api/saved-searches/:id",
    params: z.object({ id: z.string().max(40) }),
    responses: { 200: ZSearchPreferencesResponseSchema },
    auth: "member",
    tags: ["profiles"],
    summary: "Delete one of the member's saved searches",
  }),
};
