import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { creditPackages, messagePrices } from "../../platform/db/schema/credits";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";

type PackageRow = typeof creditPackages.$inferSelect;

function presentPackage(row: PackageRow) {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    name: row.name,
    credits: row.credits,
    bonus_credits: row.bonusCredits,
    price_cents: row.priceCents,
    currency: row.currency,
    duration_hours: row.durationHours,
    position: row.position,
    active: row.active,
  };
}

/** A message type's price in credits; sending reads it in its own statement, so the next message pays it. */
export async function setMessagePrice(
  context: AppContext,
  admin: SessionUser,
  type: string,
  credits: number,
  ip: string,
) {
  return context.database.db.transaction(async (tx) => {
    const [before] = await tx.select().from(messagePrices).where(eq(messagePrices.type, type)).for("update");
    if (!before) throw new AppError("not_found");
    await tx.update(messagePrices).set({ credits, updatedAt: new Date() }).where(eq(messagePrices.type, type));
    await writeAudit(tx, {
      actorId: admin.id,
      action: "message_price.updated",
      metadata: { type, from: before.credits, to: credits },
      ip,
    });
    return { type: type as "text", credits };
  });
}

/** Every package, active or not, in shelf order. */
export async function listPackagesForAdmin(context: AppContext) {
  const rows = await context.database.db
    .select()
    .from(creditPackages)
    .orderBy(asc(creditPackages.position), asc(creditPackages.id));
  return rows.map(presentPackage);
}

export async function updatePackage(
  context: AppContext,
  admin: SessionUser,
  id: number,
  update: {
    name?: string | undefined;
    credits?: number | undefined;
    bonus_credits?: number | undefined;
    price_cents?: number | undefined;
    position?: number | undefined;
    active?: boolean | undefined;
  },
  ip: string,
) {
  return context.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(creditPackages)
      .set({
        ...(update.name !== undefined ? { name: update.name } : {}),
        ...(update.credits !== undefined ? { credits: update.credits } : {}),
        ...(update.bonus_credits !== undefined ? { bonusCredits: update.bonus_credits } : {}),
        ...(update.price_cents !== undefined ? { priceCents: update.price_cents } : {}),
        ...(update.position !== undefined ? { position: update.position } : {}),
        ...(update.active !== undefined ? { active: update.active } : {}),
      })
      .where(eq(creditPackages.id, id))
      .returning();
    if (!updated) throw new AppError("not_found");
    await writeAudit(tx, {
      actorId: admin.id,
      action: "credit_package.updated",
      metadata: { id, changes: update },
      ip,
    });
    return presentPackage(updated);
  });
}
