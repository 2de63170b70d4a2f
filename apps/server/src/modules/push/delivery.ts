import { eq, inArray } from "drizzle-orm";
import { type Dispatcher, request as sendRequest } from "undici";
import webpush from "web-push";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { notifications } from "../../platform/db/schema/notifications";
import { pushSubscriptions } from "../../platform/db/schema/push";
import { publicOnlyAgent } from "../../platform/http/public-only-agent";
import { enqueueJob } from "../../platform/jobs/queue";
import { wantsNotification } from "../../platform/members/notification-settings";
import { pushPayloadFor } from "./payload";
import { vapidKeys } from "./vapid";

/** The job kind that sends one notification to the member's browsers (background-jobs.ts registers it). */
export const PUSH_JOB = "push.deliver";
/** A push still undelivered after this long is dropped: "someone liked you" an hour late only confuses. */
const STALE_AFTER_MS = 60 * 60_000;
/** How long the push service keeps a push for a browser that is offline. */
const PUSH_TTL_SECONDS = 6 * 3600;
const PUSH_SERVICE_TIMEOUT_MS = 10_000;

/** Whether the member has a real-time connection open now (a tab that shows the notification live). */
export type ConnectionCheck = (userUuid: string) => Promise<boolean>;

/**
 * Records, inside the transaction that creates the notification, that it may go out as a push: the job exists
 * only if the notification commits, and the worker picks it up within a second of the commit.
 */
export async function queuePush(
  tx: Db,
  input: {
    notificationId: number;
    recipientId: number;
    /**
     * Whether the recipient has a browser subscribed, asked by the caller in the statement that wrote the
     * notification (this runs on every message sent; most members have none, and get no job).
     */
    subscribed: boolean;
  },
): Promise<void> {
  if (!input.subscribed) return;
  await enqueueJob(
    tx,
    PUSH_JOB,
    { notificationId: input.notificationId },
    { maxAttempts: 4, userId: input.recipientId },
  );
}

type SendOutcome = "sent" | "gone" | "failed";

/**
 * Sends a notification as Web Push to each of the member's browsers, unless a tab is open (it is seen live
 * there), the member turned push off for its kind, or it was read or deleted meanwhile. Payloads are encrypted
 * for each browser (aes128gcm, RFC 8291) and signed with the server's VAPID key; a push service answering 404
 * or 410 says the subscription is gone, so it is removed.
 */
export class PushDelivery {
  /**
   * The endpoint is the member's to choose, so every push connects only to a public internet address, checked
   * on the address the socket actually opens (a name checked at subscription time may resolve elsewhere now).
   */
  private readonly pushServices: Dispatcher;

  constructor(
    private readonly context: AppContext,
    private readonly isConnected: ConnectionCheck,
  ) {
    this.pushServices = publicOnlyAgent({ allowLoopback: context.config.push.localServiceForTests });
  }

  async deliver(notificationId: number, now = new Date()): Promise<{ sent: number; removed: number }> {
    const { db } = this.context.database;
    const nothing = { sent: 0, removed: 0 };
    const [row] = await db
      .select({
        actionType: notifications.actionType,
        data: notifications.data,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
        userId: users.id,
        uuid: users.uuid,
        preferences: users.preferences,
        unavailable: users.deletedAt,
        deactivatedAt: users.deactivatedAt,
        suspendedAt: users.suspendedAt,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.id, notificationId));
    if (!row || row.readAt || row.unavailable || row.deactivatedAt || row.suspendedAt) return nothing;
    if (now.getTime() - row.createdAt.getTime() > STALE_AFTER_MS) return nothing;
    if (!wantsNotification(row.preferences, row.actionType, "push")) return nothing;
    const payload = pushPayloadFor(row, this.context.config.siteName);
    if (!payload) return nothing;
    const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, row.userId));
    if (subscriptions.length === 0 || (await this.isConnected(row.uuid))) return nothing;

    const keys = await vapidKeys(this.context);
    const body = JSON.stringify(payload);
    const outcomes = await Promise.all(
      subscriptions.map(async (subscription) => ({
        id: subscription.id,
        outcome: await this.send(subscription, body, keys, payload.tag),
      })),
    );
    const gone = outcomes.filter((item) => item.outcome === "gone").map((item) => item.id);
    if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    const sent = outcomes.filter((item) => item.outcome === "sent").map((item) => item.id);
    if (sent.length > 0) {
      await db.update(pushSubscriptions).set({ lastPushedAt: now }).where(inArray(pushSubscriptions.id, sent));
    }
    // Only when no browser got it is the job tried again: a retry would push twice to the ones that did.
    if (sent.length === 0 && outcomes.some((item) => item.outcome === "failed")) {
      throw new Error(`push ${notificationId}: every push service refused or was unreachable`);
    }
    return { sent: sent.length, removed: gone.length };
  }

  private async send(
    subscription: typeof pushSubscriptions.$inferSelect,
    body: string,
    keys: Awaited<ReturnType<typeof vapidKeys>>,
    tag: string,
  ): Promise<SendOutcome> {
    // web-push encrypts and signs; the request itself goes through the public-only agent, with a timeout and
    // no redirects (undici's request follows none), so a push service cannot send the server elsewhere.
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      body,
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        contentEncoding: "aes128gcm",
        TTL: PUSH_TTL_SECONDS,
        urgency: "high",
        // The push service keeps only the newest push per topic for an offline browser (base64url, ≤ 32 chars).
        topic: topicOf(tag),
      },
    );
    try {
      const response = await sendRequest(request.endpoint, {
        dispatcher: this.pushServices,
        method: "POST",
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: request.body,
        signal: AbortSignal.timeout(PUSH_SERVICE_TIMEOUT_MS),
      });
      await response.body.dump();
      const status = response.statusCode;
      if (status === 404 || status === 410) return "gone";
      if (status >= 200 && status < 300) return "sent";
      this.context.logger.warn({ status }, "push service refused a push");
      return "failed";
    } catch (error) {
      this.context.logger.warn({ err: error }, "push service unreachable");
      return "failed";
    }
  }
}

function topicOf(tag: string): string {
  return Buffer.from(tag).toString("base64url").slice(0, 32);
}
