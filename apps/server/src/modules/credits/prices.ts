import type { TMessageType } from "@velvet/shared/api/conversations";
import { messageTypes } from "@velvet/shared/api/conversations";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { AppConfig } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { messagePrices } from "../../platform/db/schema/credits";

/** Writes the configured prices for types the database has no price for yet; admins' edits are kept. */
export async function ensureMessagePrices(db: Db, config: AppConfig): Promise<void> {
  const initial: Record<TMessageType, number> = { ...config.initialMessagePrices, trigger: 0 };
  await db
    .insert(messagePrices)
    .values(messageTypes.map((type) => ({ type, credits: initial[type] })))
    .onConflictDoNothing();
}

export async function listMessagePrices(db: Db) {
  const rows = await db.select().from(messagePrices).orderBy(asc(messagePrices.credits), asc(messagePrices.type));
  return rows.map((row) => ({ type: row.type as TMessageType, credits: row.credits }));
}

/** A type without a price row is refused rather than sent free. */
/** The price as a subquery, for the insert that writes the message (one round trip fewer on every send). */
export function messagePriceSql(type: TMessageType): SQL<number> {
  return sql<number>`(select ${messagePrices.credits} from ${messagePrices} where ${messagePrices.type} = ${type})`;
}

export async function messagePrice(db: Db, type: TMessageType): Promise<number> {
  const [row] = await db
    .select({ credits: messagePrices.credits })
    .from(messagePrices)
    .where(eq(messagePrices.type, type));
  if (!row) throw new Error(`no price for message type ${type}`);
  return row.credits;
}
