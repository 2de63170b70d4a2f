import type {} from "@fastify/cookie";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { payments } from "../../platform/db/schema/payments";
import { hashToken, randomToken } from "../../platform/security/secrets";

/**
 * How long after the payment began its return link's custom1 can sign the
 * member back in: enough for a checkout, no more (it travels in a URL, through
 * the provider's pages and logs).
 */
export const CUSTOM1_TTL_MS = 15 * 60_000;

/**
 * The browser that began a checkout holds this cookie and the payment keeps its hash (`checkout_browser_hash`):
 * custom1 alone, read from a provider's log or a forwarded URL, signs nobody in; it also needs this cookie, which
 * never leaves the browser and our server.
 */
export const CHECKOUT_COOKIE = "velvet_checkout";
/** The cookie is useless once the last return link it could open has expired. */
const CHECKOUT_COOKIE_MAX_AGE_SECONDS = CUSTOM1_TTL_MS / 1000;
/**
 * POST /api/payments reads it (to keep one value for several checkouts) and GET /api/payment/auth/{custom1}
 * checks it. Cookie paths match whole segments, so `/api/payment` would miss `/api/payments`: `/api` is the
 * narrowest path both share.
 */
const CHECKOUT_COOKIE_PATH = "/api";
/** What randomToken() makes: anything else the browser sends is ignored. */
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

export function readCheckoutCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[CHECKOUT_COOKIE];
  return value && WELL_FORMED.test(value) ? value : undefined;
}

/**
 * HttpOnly (no script reads it) and SameSite=Lax rather than Strict: the member comes back from the provider's
 * site, and the cookie must reach our API from the page that navigation opened.
 */
export function setCheckoutCookie(reply: FastifyReply, config: AppConfig, value: string): void {
  reply.setCookie(CHECKOUT_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.appUrl.startsWith("https:"),
    path: CHECKOUT_COOKIE_PATH,
    maxAge: CHECKOUT_COOKIE_MAX_AGE_SECONDS,
  });
}

/**
 * The browser value for a new checkout: the one the browser already holds while it is bound to a live checkout of
 * this same member (so two checkouts in one browser both keep their return link), a fresh one otherwise. A value
 * that is not from one of the member's own checkouts (planted, or another member's on a shared computer) is
 * replaced, so nobody can choose the value in advance.
 */
export async function checkoutBrowserValue(db: Db, userId: number, presented: string | undefined): Promise<string> {
  if (presented) {
    const [bound] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.checkoutBrowserHash, hashToken(presented)),
          gt(payments.createdAt, new Date(Date.now() - CUSTOM1_TTL_MS)),
        ),
      )
      .limit(1);
    if (bound) return presented;
  }
  return randomToken();
}

/**
 * Uses up a return link (spec §4 payment auth) for the browser that began its checkout, answering the buyer to
 * sign in. Only the member who made the payment, within CUSTOM1_TTL_MS of its creation (counted from created_at
 * as well, so a row written with a longer expiry cannot outlive it), with the checkout's cookie: used, expired,
 * unknown, another browser's, voided (the owner has since seen the payment, or a cool-off cancelled it), or a buyer
 * since deleted or suspended all answer undefined, and the caller answers the same 404 for each. Without the right
 * cookie the link is left as it was (whoever tried it cannot use it up for the buyer). The claim is one conditional update, so two tabs cannot both use it; the caller
 * starts the session (or the two-factor step) in the same transaction.
 */
export async function claimReturnLink(
  tx: Db,
  custom1: string,
  browser: string | undefined,
): Promise<{ id: number; uuid: string } | undefined> {
  if (!browser) return undefined;
  const now = new Date();
  const [claimed] = await tx
    .update(payments)
    .set({ custom1UsedAt: now })
    .where(
      and(
        eq(payments.custom1Hash, hashToken(custom1)),
        eq(payments.checkoutBrowserHash, hashToken(browser)),
        isNull(payments.custom1UsedAt),
        gt(payments.custom1ExpiresAt, now),
        gt(payments.createdAt, new Date(now.getTime() - CUSTOM1_TTL_MS)),
      ),
    )
    .returning({ userId: payments.userId });
  if (!claimed) return undefined;
  const [user] = await tx
    .select({ id: users.id, uuid: users.uuid })
    .from(users)
    .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt), isNull(users.suspendedAt)));
  return user;
}

/**
 * The owner, signed in, has the payment in front of them: its return link has nothing left to do, and left
 * usable it would sign in whoever got hold of it (and of the browser) next.
 */
export async function voidReturnLink(db: Db, paymentId: string, userId: number): Promise<void> {
  await db
    .update(payments)
    .set({ custom1UsedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId), isNull(payments.custom1UsedAt)));
}
