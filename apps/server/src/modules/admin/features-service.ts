import type { ZMemberFeaturesRequestSchema } from "@velvet/shared/api/notifications";
import type { z } from "@velvet/shared/validation/z";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";

/** Per-member feature flags (spec §3 features): set by admins, audit-logged, shown in the current user. */
export async function setMemberFeatures(
  context: AppContext,
  admin: SessionUser,
  memberUuid: string,
  changes: z.infer<typeof ZMemberFeaturesRequestSchema>,
  ip: string,
) {
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.uuid, memberUuid)).for("update");
    if (!member) throw new AppError("not_found");
    const features: Record<string, string | boolean> = { ...member.features };
    if (changes.muteUserNotifications !== undefined) features.muteUserNotifications = changes.muteUserNotifications;
    if (changes.promoBadge === null) delete features.promoBadge;
    else if (changes.promoBadge !== undefined) features.promoBadge = changes.promoBadge;
    await tx.update(users).set({ features, updatedAt: new Date() }).where(eq(users.id, member.id));
    await writeAudit(tx, {
      actorId: admin.id,
      action: "member.features_changed",
      targetUserId: member.id,
      metadata: { changes },
      ip,
    });
    return features;
  });
}
