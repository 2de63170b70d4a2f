import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../platform/db/client";
import type { LockSource } from "./presenter";

/* Reading conversation locks (the writes are lock-service's). */

export interface LockRow extends Record<string, unknown> {
  conversation_uuid: string;
  operator_id: unknown;
  operator_uuid: string;
  operator_username: string;
  expires_at: Date | string;
  seconds_left: unknown;
}

const lockColumns = sql.raw(`c.uuid as conversation_uuid, l.operator_id, holder.uuid as operator_uuid,
  holder.username as operator_username, l.expires_at,
  extract(epoch from (l.expires_at - now()))::float8 as seconds_left`);

export function lockFromRow(row: LockRow): LockSource {
  return {
    conversationUuid: row.conversation_uuid,
    operatorId: Number(row.operator_id),
    operatorUuid: row.operator_uuid,
    operatorUsername: row.operator_username,
    expiresAt: new Date(row.expires_at),
    secondsLeft: Number(row.seconds_left),
  };
}

/** The unexpired lock on a conversation, if any. */
export async function currentLock(db: Db, conversationId: number): Promise<LockSource | null> {
  const [row] = await queryRows<LockRow>(
    db,
    sql`select ${lockColumns} from conversation_locks l
      join conversations c on c.id = l.conversation_id
      join users holder on holder.id = l.operator_id
      where l.conversation_id = ${conversationId} and l.expires_at > now()`,
  );
  return row ? lockFromRow(row) : null;
}

/** The unexpired locks an operator holds, soonest to expire first. */
export async function locksHeldBy(db: Db, operatorId: number): Promise<LockSource[]> {
  const rows = await queryRows<LockRow>(
    db,
    sql`select ${lockColumns} from conversation_locks l
      join conversations c on c.id = l.conversation_id
      join users holder on holder.id = l.operator_id
      where l.operator_id = ${operatorId} and l.expires_at > now()
      order by l.expires_at`,
  );
  return rows.map(lockFromRow);
}
