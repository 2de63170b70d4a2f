import type { TNotification } from "@velvet/shared/api/notifications";
import { realtimeChannels } from "@velvet/shared/realtime/events";
import { and, eq, isNull, lt, notInArray, or } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { notifications } from "../../platform/db/schema/notifications";
import { queueMail } from "../../platform/mail/mail-queue";
import { kindOfAction, wantsNotification } from "../../platform/members/notification-settings";
import { unsubscribeUrl } from "./unsubscribe-tokens";

/** At most one notification email per member in this window; what arrives meanwhile waits for the next one. */
export const DIGEST_WINDOW_MS = 15 * 60_000;
/** The scheduled job kind that runs a pass, and how often (background-jobs.ts registers it). */
export const DIGEST_JOB = "notifications.digest";
export const DIGEST_EVERY_MS = 30_000;

export type ConnectionCheck = (userUuid: string) => Promise<boolean>;

/** A connection check backed by the real-time channel directory (every signed-in tab joins its notifications channel). */
export function connectedThroughChannels(counts: () => Promise<Map<string, number>>): ConnectionCheck {
  return async (userUuid) => ((await counts()).get(realtimeChannels.notifications(userUuid)) ?? 0) > 0;
}

/**
 * Emails members who were away when a notification arrived: one
 * email groups everything pending, at most one every 15 minutes, never to a
 * member who turned notification emails off (for that kind, in the notification
 * settings) or who is connected now (they see it live). Claiming is atomic, so several processes never send twice.
 */
export class NotificationDigest {
  constructor(
    private readonly context: AppContext,
    private readonly isConnected: ConnectionCheck,
  ) {}

  /** One pass over members with pending notifications; answers how many emails were queued. */
  async runOnce(now = new Date()): Promise<number> {
    const { db } = this.context.database;
    const pending = await db
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.emailDue, true), isNull(notifications.emailedAt)));
    let sent = 0;
    for (const { userId } of pending) if (await this.digestFor(userId, now)) sent += 1;
    return sent;
  }

  private async digestFor(userId: number, now: Date): Promise<boolean> {
    const { db } = this.context.database;
    const [member] = await db.select().from(users).where(eq(users.id, userId));
    const pendingRows = and(
      eq(notifications.userId, userId),
      eq(notifications.emailDue, true),
      isNull(notifications.emailedAt),
    );
    const wantsEmail =
      member?.email &&
      !member.deletedAt &&
      !member.deactivatedAt &&
      !member.suspendedAt &&
      member.preferences.email?.notifications !== false;
    if (!member?.email || !wantsEmail || (await this.isConnected(member.uuid))) {
      // Seen live, or not wanted: these will never be emailed.
      await db.update(notifications).set({ emailDue: false }).where(pendingRows);
      return false;
    }
    // Kinds the member turned off in the notification settings are never emailed either.
    const wanted = Object.keys(kindOfAction).filter((type) => wantsNotification(member.preferences, type, "email"));
    await db
      .update(notifications)
      .set({ emailDue: false })
      .where(and(pendingRows, wanted.length > 0 ? notInArray(notifications.actionType, wanted) : undefined));
    if (wanted.length === 0) return false;
    const { config } = this.context;
    const to = member.email;
    const queued = await db.transaction(async (tx) => {
      const [window] = await tx
        .update(users)
        .set({ lastNotificationEmailAt: now })
        .where(
          and(
            eq(users.id, userId),
            or(
              isNull(users.lastNotificationEmailAt),
              lt(users.lastNotificationEmailAt, new Date(now.getTime() - DIGEST_WINDOW_MS)),
            ),
          ),
        )
        .returning({ id: users.id });
      if (!window) return false;
      const rows = await tx
        .update(notifications)
        .set({ emailedAt: now })
        .where(pendingRows)
        .returning({ id: notifications.id, actionType: notifications.actionType, data: notifications.data });
      // Nothing left to send (another process took it): give the window back.
      if (rows.length === 0) {
        await tx
          .update(users)
          .set({ lastNotificationEmailAt: member.lastNotificationEmailAt })
          .where(eq(users.id, userId));
        return false;
      }
      const claimed = rows.sort((a, b) => a.id - b.id);
      const lines = claimed.map((row) => describe(row.actionType, row.data as TNotification["data"]));
      const messages = claimed.filter((row) => row.actionType === "MESSAGE_RECEIVED").length;
      // A conversation's messages share one item: the subject counts the messages, not the items.
      const total = claimed.reduce((sum, row) => sum + itemCount(row.data), 0);
      // The mail is queued with the claim: both commit, or neither does.
      await queueMail(
        tx,
        "notification_digest",
        {
          to,
          subject:
            total === 1 ? `${lines[0]} on ${config.siteName}` : `${total} new notifications on ${config.siteName}`,
          heading: total === 1 ? "Someone is thinking of you" : "You were missed",
          paragraphs: [...lines.map((line) => `${line}.`), "Sign in to answer while they are still around."],
          button: {
            label: messages > 0 ? "Read your messages" : "See who it was",
            url: `${config.appUrl}${messages > 0 ? "/messages" : "/dashboard"}`,
          },
          unsubscribe_url: unsubscribeUrl(config, member.uuid),
        },
        userId,
      );
      return true;
    });
    if (queued) this.context.jobs.kick();
    return queued;
  }
}

function describe(actionType: string, data: TNotification["data"]): string {
  const name = data.from_user_name;
  if (actionType === "PROFILE_WINK") return `${name} winked at you`;
  if (actionType === "USER_LIKE") return `${name} liked your profile`;
  if (actionType === "USER_FAVORITE") return `${name} added you to their favourites`;
  if (actionType === "PROFILE_VIEW") return `${name} viewed your profile`;
  const message = (data as { message?: { type?: string; text?: string } }).message;
  const count = itemCount(data);
  if (count > 1) {
    const latest = message?.type === "text" ? message.text?.trim() : undefined;
    return latest
      ? `${name} sent you ${count} messages, the latest: “${clip(latest)}”`
      : `${name} sent you ${count} messages`;
  }
  if (message?.type === "image") return `${name} sent you a photo`;
  const text = message?.text?.trim();
  return text ? `${name} sent you a message: “${clip(text)}”` : `${name} sent you a message`;
}

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** How many messages a grouped message item stands for (1 for every other kind). */
function itemCount(data: unknown): number {
  const count = (data as { count?: unknown }).count;
  return typeof count === "number" && count > 1 ? count : 1;
}
