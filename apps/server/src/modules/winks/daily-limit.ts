import { accountMessages } from "@velvet/shared/validation/account-messages";
import { todayInTimezone } from "@velvet/shared/validation/age";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { memberActionCounts } from "../../platform/db/schema/limits";
import { AppError } from "../../platform/http/app-error";

/** Likes and winks share one count: each tells someone, and the cap is on notifications a member can cause. */
const LIKE_OR_WINK = "like_or_wink";

/**
 * Counts one like or wink for the member's site day, inside the caller's
 * transaction, and refuses past DAILY_LIKE_WINK_LIMIT (the transaction then
 * rolls back, so nothing is recorded or notified). The count is a fact of
 * its own: undoing a like does not take it back, so undo and redo still count.
 */
export async function countLikeOrWink(context: AppContext, tx: Db, memberId: number): Promise<void> {
  const { siteTimezone, dailyLikeWinkLimit } = context.config;
  const counted = await tx
    .insert(memberActionCounts)
    .values({ userId: memberId, kind: LIKE_OR_WINK, day: todayInTimezone(siteTimezone), count: 1 })
    .onConflictDoUpdate({
      target: [memberActionCounts.userId, memberActionCounts.kind, memberActionCounts.day],
      set: { count: sql`${memberActionCounts.count} + 1` },
      // One atomic statement under the row's lock: parallel requests cannot both take the last one.
      setWhere: sql`${memberActionCounts.count} < ${dailyLikeWinkLimit}`,
    })
    .returning({ count: memberActionCounts.count });
  if (counted.length === 0) {
    throw new AppError("throttled", accountMessages.dailyLikeWinkLimit, {
      retryAfterSeconds: secondsUntilNextSiteDay(siteTimezone),
    });
  }
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** Seconds until midnight on the site's calendar (a DST change day may be an hour off; Retry-After is a hint). */
function secondsUntilNextSiteDay(timeZone: string, now = new Date()): number {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-AU", {
      timeZone,
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
    });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  const elapsed = (part("hour") % 24) * 3600 + part("minute") * 60 + part("second");
  return Math.max(1, 86_400 - elapsed);
}
