import { PURCHASES_PAGE_SIZE, type TPurchaseListResponse, type TReceipt } from "@velvet/shared/api/purchases";
import { count, desc, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { payments } from "../../platform/db/schema/payments";
import { AppError } from "../../platform/http/app-error";
import type { Authenticated } from "../../platform/members/types";
import { paymentPolicy } from "./policy";
import { presentPurchase, presentReceipt } from "./purchase-presenter";

/**
 * The member's own payments, newest first. The query is scoped to the caller: there is no id to ask for anyone
 * else's. Ties on created_at are broken by id so a page boundary never repeats or skips a row.
 */
export async function listPurchases(context: AppContext, auth: Authenticated, page: number) {
  const { db } = context.database;
  const own = eq(payments.userId, auth.user.id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(own)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(PURCHASES_PAGE_SIZE)
      .offset((page - 1) * PURCHASES_PAGE_SIZE),
    db.select({ total: count() }).from(payments).where(own),
  ]);
  const all = total?.total ?? 0;
  return {
    data: rows.map(presentPurchase),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(all / PURCHASES_PAGE_SIZE)), total: all },
  } satisfies TPurchaseListResponse;
}

/**
 * The receipt of a payment the caller made and that took their money: paid, or paid and since refunded (the
 * receipt of the original sale). Anyone else's payment, and one never paid, is a 404 alike.
 */
export async function findReceipt(context: AppContext, auth: Authenticated, id: string): Promise<TReceipt> {
  const [payment] = await context.database.db.select().from(payments).where(eq(payments.id, id));
  paymentPolicy.assertMayView(auth, payment);
  if (!payment.paidAt || (payment.status !== "paid" && payment.status !== "refunded")) {
    throw new AppError("not_found");
  }
  return presentReceipt(payment, payment.paidAt, context.config.seller);
}
