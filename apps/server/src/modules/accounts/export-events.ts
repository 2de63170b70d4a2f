import type { auditLog } from "../../platform/db/schema/admin";

type AuditRow = typeof auditLog.$inferSelect;

/**
 * What happened to the account, in the member's words. Staff actions say "our team" or "a moderator", never
 * who: staff identities and their IP addresses stay with us. Actions the member took themselves
 * keep the IP address they came from, which is the member's own data.
 */
const ownActions: Record<string, string> = {
  "account.password_changed": "You changed your password",
  "account.deactivated": "You deactivated your account",
  "account.reactivated": "You reactivated your account",
  "account.deletion_offer_claimed": "You accepted free credits to keep your account",
};

const staffActions: Record<string, string> = {
  "photo.approved": "A moderator approved your photo",
  "photo.rejected": "A moderator rejected your photo",
  "photo.taken_down": "A moderator took down your photo",
  "photo.removed": "A moderator removed your photo",
  "photo.kept": "A moderator reviewed your photo",
  "member.credits_adjusted": "Our team adjusted your credit balance",
  "member.deactivated_by_admin": "Our team deactivated your account",
  "member.reactivated_by_admin": "Our team reactivated your account",
  "member.suspended": "Our team suspended your account",
  "member.unsuspended": "Our team lifted the suspension of your account",
  "member.features_changed": "Our team changed the features of your account",
  "impersonation.started": "A member of our support team signed in to your account",
  "operator.conversation_viewed": "Our team read one of your conversations",
  "operator.note_created": "Our team updated the notes kept about you",
  "operator.note_updated": "Our team updated the notes kept about you",
  "operator.note_deleted": "Our team updated the notes kept about you",
  "report.updated": "A moderator reviewed a report about your profile",
  "support_ticket.closed": "Our team closed one of your support requests",
  "support_ticket.replied": "Our team answered one of your support requests",
  "support_ticket.replied_and_closed": "Our team answered and closed one of your support requests",
  "payment.refund_shortfall": "A refund took back more credits than your balance held",
};

/**
 * Steps of staff work with no meaning of their own for the member: the link issued before a support sign-in,
 * each request made during it, and holding a conversation while answering it (the answers are in the export).
 */
const internalSteps = new Set([
  "impersonation.issued",
  "impersonation.request",
  "operator.lock_taken",
  "operator.lock_renewed",
  "operator.lock_released",
  "operator.lock_unlocked",
  "operator.reply",
]);

export interface AccountEvent {
  at: string;
  what: string;
  ip?: string;
}

export function presentAccountEvents(rows: AuditRow[], memberId: number): AccountEvent[] {
  const events: AccountEvent[] = [];
  for (const row of rows) {
    if (internalSteps.has(row.action)) continue;
    const at = row.createdAt.toISOString();
    if (row.actorId === memberId) {
      events.push({
        at,
        what: ownActions[row.action] ?? "You changed your account",
        ...(row.ip ? { ip: row.ip } : {}),
      });
    } else {
      events.push({ at, what: staffActions[row.action] ?? "Our team made a change to your account" });
    }
  }
  return events;
}
