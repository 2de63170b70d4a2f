import type { EndpointInput, EndpointResult } from "@velvet/shared/contract/endpoint";
import { interactionEndpoints } from "@velvet/shared/contract/interactions";
import { profileEndpoints } from "@velvet/shared/contract/profiles";
import { callEndpoint } from "../../lib/api-client";
import type { SearchParams } from "./search-params";

export type CardPage = EndpointResult<typeof profileEndpoints.search>;

export type ProfileWithRelation = EndpointResult<typeof profileEndpoints.profile>["data"];

type SearchQuery = NonNullable<EndpointInput<typeof profileEndpoints.search>["query"]>;

/** Runs a search given as address-bar parameters (already checked by searchFromAddress). */
export function searchProfiles(params: SearchParams, cursor: string | null, signal?: AbortSignal) {
  const query = { ...params, cursor: cursor ?? undefined } as SearchQuery;
  return callEndpoint(profileEndpoints.search, { query }, { signal });
}

export const savedSearchesKey = ["saved-searches"] as const;

export function fetchSearchPreferences() {
  return callEndpoint(profileEndpoints.savedSearches).then((response) => response.data);
}

export function saveSearch(name: string, params: SearchParams) {
  const body = { name, params } as EndpointInput<typeof profileEndpoints.saveSearch>["body"];
  return callEndpoint(profileEndpoints.saveSearch, { body }).then((response) => response.data);
}

export function deleteSavedSearch(id: string) {
  return callEndpoint(profileEndpoints.deleteSavedSearch, { params: { id } }).then((response) => response.data);
}

export function fetchProfile(uuid: string) {
  return callEndpoint(profileEndpoints.profile, { params: { uuid } }).then((response) => response.data);
}

export type CardListPath = "/my-favorites" | "/my-visitors" | "/my-likes";

const cardListEndpoints = {
  "/my-favorites": interactionEndpoints.favorites,
  "/my-visitors": interactionEndpoints.visitors,
  "/my-likes": interactionEndpoints.likesYou,
} as const;

export function fetchCardList(path: CardListPath, params: Record<string, string>, cursor: string | null) {
  const query = { ...params, cursor: cursor ?? undefined } as never;
  return callEndpoint(cardListEndpoints[path], { query });
}

export type InteractionKind = "like" | "wink" | "favorite" | "block";

/** A wink cannot be taken back: the API has no undo for it. */
const undoEndpoints = {
  like: interactionEndpoints.unlike,
  favorite: interactionEndpoints.unfavorite,
  block: interactionEndpoints.unblock,
} as const;

export function interact(uuid: string, kind: InteractionKind, undo = false) {
  if (!undo) return callEndpoint(interactionEndpoints[kind], { params: { uuid } });
  if (kind === "wink") return Promise.reject(new Error("a wink cannot be undone"));
  return callEndpoint(undoEndpoints[kind], { params: { uuid } });
}
