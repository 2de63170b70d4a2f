import { OPERATOR_PROFILES_LIMIT, type TOperatorProfilesResponse } from "@velvet/shared/api/operator";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { queryRows } from "../../platform/db/client";
import { likePrefixPattern } from "../../platform/db/like-pattern";
import type { SessionUser } from "../../platform/members/types";
import { operatorPolicy } from "./policy";
import { cardColumns, cardFromRow, presentationContext } from "./presenter";

/**
 * The fictional profiles operators answer as, by username, for the queue's profile filter. Only staff see
 * which profiles are fictional: no member-facing shape carries it. An operator sees the profiles they may
 * answer (unassigned ones and their own), as the queue does.
 */
export async function fictionalProfiles(
  context: AppContext,
  staff: SessionUser,
  filters: { search?: string | undefined },
): Promise<TOperatorProfilesResponse> {
  const prefix = likePrefixPattern(filters.search?.toLowerCase() ?? "");
  const rows = await queryRows<Record<string, unknown>>(
    context.database.db,
    sql`select ${sql.raw(cardColumns("profile"))}
      from users profile
      where profile.is_fictional and profile.deleted_at is null and profile.deactivated_at is null
        and lower(profile.username) like ${prefix}
        and ${operatorPolicy.answerableBySql(staff, "profile")}
      order by lower(profile.username), profile.id
      limit ${OPERATOR_PROFILES_LIMIT}`,
  );
  const presentation = presentationContext(context);
  return { data: rows.map((row) => cardFromRow(row, "profile", presentation)) };
}
