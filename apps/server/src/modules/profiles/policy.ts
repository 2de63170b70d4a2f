import { and, eq, isNull, ne, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { interactions } from "../../platform/db/schema/interactions";
import { users } from "../../platform/db/schema/members";

/**
 * Who a member may see: other, active members (not deleted, deactivated,
 * suspended or staff), and never across a block in either direction. Used by
 * search, profile views, every interaction and the favourite and visitor
 * lists, so a blocked pair or a banned account disappears everywhere.
 */
export function visibleTo(viewerId: number | Placeholder): SQL {
  // Two NOT EXISTS, one per direction, rather than one with an OR inside: each is then an exact
  // probe of interactions_pair_unique (kind, from, to), where the OR made PostgreSQL compare every
  // candidate profile with every block of the viewer.
  const blocks = (
    fromUserId: typeof users.id | number | Placeholder,
    toUserId: typeof users.id | number | Placeholder,
  ) => sql`exists (
    select 1 from ${interactions}
    where ${interactions.kind} = 'block'
      and ${interactions.fromUserId} = ${fromUserId} and ${interactions.toUserId} = ${toUserId}
  )`;
  return and(
    ne(users.id, viewerId),
    isNull(users.deletedAt),
    isNull(users.deactivatedAt),
    isNull(users.suspendedAt),
    sql`not (${users.roles} && array['admin', 'operator']::text[])`,
    sql`not ${blocks(viewerId, users.id)}`,
    sql`not ${blocks(users.id, viewerId)}`,
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
