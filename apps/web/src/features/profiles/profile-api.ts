import type { TProfileCard, TProfileSearchQuery, TPublicProfile } from "@velvet/shared/api/profiles";
import { api } from "../../lib/api-client";

export interface CardPage {
  data: TProfileCard[];
  meta: { next_cursor: string | null; per_page: number };
}

export type ProfileWithRelation = TPublicProfile & {
  relation: { liked: boolean; winked: boolean; favorited: boolean; blocked: boolean };
};

export type SearchFilters = Partial<
  Pick<TProfileSearchQuery, "gender" | "age_min" | "age_max" | "state" | "city" | "sort">
> & {
  online?: boolean;
  with_photo?: boolean;
  new_members?: boolean;
};

export function searchProfiles(filters: SearchFilters, cursor: string | null, signal?: AbortSignal) {
  const query: Record<string, string | number | undefined> = {
    ...filters,
    online: filters.online ? "1" : undefined,
    with_photo: filters.with_photo ? "1" : undefined,
    new_members: filters.new_members ? "1" : undefined,
    cursor: cursor ?? undefined,
  };
  return api.get<CardPage>("/profiles", { query, ...(signal ? { signal } : {}) });
}

export function fetchProfile(uuid: string) {
  return api.get<{ data: ProfileWithRelation }>(`/profiles/${uuid}`).then((response) => response.data);
}

export function fetchCardList(
  path: "/my-favorites" | "/my-visitors",
  params: Record<string, string>,
  cursor: string | null,
) {
  return api.get<CardPage>(path, { query: { ...params, cursor: cursor ?? undefined } });
}

export type InteractionKind = "like" | "wink" | "favorite" | "block";

export function interact(uuid: string, kind: InteractionKind, undo = false) {
  return undo ? api.delete(`/profiles/${uuid}/${kind}`) : api.post(`/profiles/${uuid}/${kind}`);
}
