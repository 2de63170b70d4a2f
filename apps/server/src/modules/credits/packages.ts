import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { creditPackages } from "../../platform/db/schema/credits";

export type CreditPackageRow = typeof creditPackages.$inferSelect;

/**
 * The store's opening catalogue (AUD, GST included). Written once per code
 * when missing, so `npm start` and production have products on a fresh
 * database and admins' later edits are never overwritten. Bigger packages
 * carry bonus credits: 100 credits cost 15c each, 2,500 with their bonus about 6.4c.
 */
export const defaultCreditPackages = [
  { code: "credits-100", kind: "credits", name: "Starter", credits: 100, bonusCredits: 0, priceCents: 1495 },
  { code: "credits-250", kind: "credits", name: "Flirt", credits: 250, bonusCredits: 25, priceCents: 2995 },
  {
    code: "credits-500",
    kind: "credits",
    name: "Popular",
    credits: 500,
    bonusCredits: 75,
    priceCents: 4995,
    highlight: "Most popular",
  },
  { code: "credits-1000", kind: "credits", name: "Passion", credits: 1000, bonusCredits: 200, priceCents: 8995 },
  {
    code: "credits-2500",
    kind: "credits",
    name: "Ultimate",
    credits: 2500,
    bonusCredits: 625,
    priceCents: 19995,
    highlight: "Best value",
  },
  {
    code: "pass-24h",
    kind: "pass",
    name: "24-hour unlimited pass",
    credits: 0,
    bonusCredits: 0,
    priceCents: 2495,
    durationHours: 24,
  },
  {
    code: "vip-30d",
    kind: "vip",
    name: "VIP membership",
    credits: 200,
    bonusCredits: 0,
    priceCents: 3995,
    durationHours: 30 * 24,
  },
] as const satisfies ReadonlyArray<
  Pick<CreditPackageRow, "code" | "kind" | "name" | "credits" | "bonusCredits" | "priceCents"> &
    Partial<Pick<CreditPackageRow, "durationHours" | "highlight">>
>;

export async function ensureCreditPackages(db: Db): Promise<void> {
  await db
    .insert(creditPackages)
    .values(defaultCreditPackages.map((item, position) => ({ ...item, position })))
    .onConflictDoNothing({ target: creditPackages.code });
}

/** The store's shelf, in display order. */
export function listActivePackages(db: Db): Promise<CreditPackageRow[]> {
  return db
    .select()
    .from(creditPackages)
    .where(eq(creditPackages.active, true))
    .orderBy(asc(creditPackages.position), asc(creditPackages.id));
}

export async function findActivePackage(db: Db, id: number): Promise<CreditPackageRow | undefined> {
  const [row] = await db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.id, id), eq(creditPackages.active, true)));
  return row;
}
