import { and, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { interactions, users } from "../../platform/db/schema";

/**
 * Who a member may see: other, active members (not deleted, not deactivated,
 * not staff), and never across a block in either direction. Used by search,
 * profile views and every interaction, so a blocked pair disappears everywhere.
 */
export function visibleTo(viewerId: number): SQL {
  const blockedEitherWay = sql`exists (
    select 1 from ${interactions}
    where ${interactions.kind} = 'block'
      and ((${interactions.fromUserId} = ${viewerId} and ${interactions.toUserId} = ${users.id})
        or (${interactions.fromUserId} = ${users.id} and ${interactions.toUserId} = ${viewerId}))
  )`;
  return and(
    ne(users.id, viewerId),
    isNull(users.deletedAt),
    isNull(users.deactivatedAt),
    sql`not (${users.roles} && array['admin', 'operator']::text[])`,
    sql`not ${blockedEitherWay}`,
  ) as SQL;
}

export function isBlockedEitherWay(a: number, b: number): SQL {
  return and(
    eq(interactions.kind, "block"),
    or(
      and(eq(interactions.fromUserId, a), eq(interactions.toUserId, b)),
      and(eq(interactions.fromUserId, b), eq(interactions.toUserId, a)),
    ),
  ) as SQL;
}
