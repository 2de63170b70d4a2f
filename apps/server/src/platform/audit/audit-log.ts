import type { Db } from "../db/client";
import { auditLog } from "../db/schema/admin";

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetUserId?: number | null;
  metadata?: Record<string, unknown>;
  ip?: string | null;
}

/** Records who did what to whom; call it inside the transaction that does the thing. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    metadata: entry.metadata ?? {},
    ip: entry.ip ?? null,
  });
}
