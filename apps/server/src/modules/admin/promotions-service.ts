import {
  promotionAdminMessages,
  type TAdminPromotion,
  type TAdminPromotionRequest,
} from "@velvet/shared/api/admin-promotions";
import { fillMessage } from "@velvet/shared/validation/messages";
import { and, asc, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import type { Db } from "../../platform/db/client";
import { promotions } from "../../platform/db/schema/promotions";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";

type PromotionRow = typeof promotions.$inferSelect;

function presentPromotion(row: PromotionRow, now = Date.now()): TAdminPromotion {
  const status = row.startsAt.getTime() > now ? "upcoming" : row.endsAt.getTime() > now ? "running" : "ended";
  return {
    id: row.id,
    name: row.name,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    discount_percent: row.discountPercent,
    bonus_percent: row.bonusPercent,
    status,
  };
}

/** Upcoming and running promotions in time order; ended ones too when asked. */
export async function listPromotions(context: AppContext, includeEnded: boolean): Promise<TAdminPromotion[]> {
  const rows = await context.database.db
    .select()
    .from(promotions)
    .where(includeEnded ? undefined : gt(promotions.endsAt, new Date()))
    .orderBy(asc(promotions.startsAt), asc(promotions.id));
  return rows.map((row) => presentPromotion(row));
}

/**
 * Windows never overlap: a member sees one event at a time and a purchase
 * records one. Admin writes are serialised by a transaction-scoped advisory
 * lock, so two admins cannot each add a window the other's overlaps. Windows
 * that merely touch (one ends when the next starts) are fine.
 */
async function assertNoOverlap(tx: Db, window: { startsAt: Date; endsAt: Date }, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('admin:promotions', 0))`);
  const [other] = await tx
    .select()
    .from(promotions)
    .where(
      and(
        lt(promotions.startsAt, window.endsAt),
        gt(promotions.endsAt, window.startsAt),
        exceptId === undefined ? undefined : ne(promotions.id, exceptId),
      ),
    )
    .orderBy(asc(promotions.startsAt))
    .limit(1);
  if (other) {
    throw AppError.field(
      "starts_at",
      fillMessage(promotionAdminMessages.overlap, {
        name: other.name,
        starts_at: other.startsAt.toISOString(),
        ends_at: other.endsAt.toISOString(),
      }),
    );
  }
}

function columnsOf(input: TAdminPromotionRequest) {
  return {
    name: input.name,
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
    discountPercent: input.discount_percent,
    bonusPercent: input.bonus_percent,
  };
}

function auditMetadata(row: PromotionRow) {
  const { status: _status, ...window } = presentPromotion(row);
  return window;
}

/** "promotions.changed" after commit drops the cached running promotion, so the next request sees the change. */
export async function createPromotion(
  context: AppContext,
  admin: SessionUser,
  input: TAdminPromotionRequest,
  ip: string,
) {
  const { db } = context.database;
  const created = await db.transaction(async (tx) => {
    const columns = columnsOf(input);
    await assertNoOverlap(tx, columns);
    const [row] = await tx.insert(promotions).values(columns).returning();
    if (!row) throw new AppError("internal");
    await writeAudit(tx, { actorId: admin.id, action: "promotion.created", metadata: auditMetadata(row), ip });
    return row;
  });
  context.events.emit("promotions.changed", {});
  return presentPromotion(created);
}

export async function updatePromotion(
  context: AppContext,
  admin: SessionUser,
  id: number,
  input: TAdminPromotionRequest,
  ip: string,
) {
  const { db } = context.database;
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for("update");
    if (!before) throw new AppError("not_found");
    const columns = columnsOf(input);
    await assertNoOverlap(tx, columns, id);
    const [row] = await tx.update(promotions).set(columns).where(eq(promotions.id, id)).returning();
    if (!row) throw new AppError("not_found");
    await writeAudit(tx, {
      actorId: admin.id,
      action: "promotion.updated",
      metadata: { id, from: auditMetadata(before), to: auditMetadata(row) },
      ip,
    });
    return row;
  });
  context.events.emit("promotions.changed", {});
  return presentPromotion(updated);
}

/** Payments keep the promotion name they were started with, so a promotion row can go at any time. */
export async function deletePromotion(context: AppContext, admin: SessionUser, id: number, ip: string) {
  const { db } = context.database;
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(promotions).where(eq(promotions.id, id)).returning();
    if (!deleted) throw new AppError("not_found");
    await writeAudit(tx, { actorId: admin.id, action: "promotion.deleted", metadata: auditMetadata(deleted), ip });
  });
  context.events.emit("promotions.changed", {});
  return { deleted: true };
}
