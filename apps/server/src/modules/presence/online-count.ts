import { and, count, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { onlineNowSql, siteHour } from "../profiles";

const MEMBER_CHANNEL = /^private-notifications\.user\.([0-9a-f-]{36})$/;

/**
 * Members online now: distinct members holding a live connection anywhere
 * (every signed-in tab joins its notifications channel; counted across
 * processes through the channel directory, not a presence channel, which
 * holds at most 100), plus fictional profiles active now or inside their online schedule.
 */
export async function countOnline(
  context: AppContext,
  channelCounts: () => Promise<Map<string, number>>,
): Promise<number> {
  const members = new Set<string>();
  for (const [channel, connections] of await channelCounts()) {
    const match = MEMBER_CHANNEL.exec(channel);
    if (match?.[1] && connections > 0) members.add(match[1]);
  }
  const [fictional] = await context.database.db
    .select({ online: count() })
    .from(users)
    .where(and(eq(users.isFictional, true), onlineNowSql(Date.now(), siteHour(context.config.siteTimezone))));
  return members.size + (fictional?.online ?? 0);
}
