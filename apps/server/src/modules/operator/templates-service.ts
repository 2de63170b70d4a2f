import {
  operatorMessages,
  type TOperatorTemplate,
  type ZOperatorTemplateRequestSchema,
} from "@velvet/shared/api/operator";
import type { z } from "@velvet/shared/validation/z";
import { and, asc, eq, isNull, ne, or } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { operatorTemplates } from "../../platform/db/schema/operator";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { operatorPolicy } from "./policy";

/*
 * Canned replies and first-contact openers. Operators read them (the console
 * expands `/code` as they type); admins write them. A template may belong to
 * one fictional profile, in that profile's voice.
 */

type TemplateRow = typeof operatorTemplates.$inferSelect;
type TemplateInput = z.output<typeof ZOperatorTemplateRequestSchema>;

function presentTemplate(row: TemplateRow, profile: { uuid: string; username: string } | null): TOperatorTemplate {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as TOperatorTemplate["kind"],
    text: row.text,
    profile,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every template, or with `profileUuid` the ones for any profile plus that profile's own. */
export async function listTemplates(context: AppContext, profileUuid: string | undefined) {
  const rows = await context.database.db
    .select({ template: operatorTemplates, profileUuid: users.uuid, profileUsername: users.username })
    .from(operatorTemplates)
    .leftJoin(users, eq(users.id, operatorTemplates.profileId))
    .where(profileUuid ? or(isNull(operatorTemplates.profileId), eq(users.uuid, profileUuid)) : undefined)
    .orderBy(asc(operatorTemplates.kind), asc(operatorTemplates.code));
  return rows.map((row) =>
    presentTemplate(
      row.template,
      row.profileUuid && row.profileUsername ? { uuid: row.profileUuid, username: row.profileUsername } : null,
    ),
  );
}

async function assertCodeFree(db: Db, code: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: operatorTemplates.id })
    .from(operatorTemplates)
    .where(and(eq(operatorTemplates.code, code), exceptId ? ne(operatorTemplates.id, exceptId) : undefined));
  if (clash) throw AppError.field("code", operatorMessages.codeTaken);
}

async function resolveProfile(db: Db, profileUuid: string | null) {
  if (!profileUuid) return null;
  const profile = await operatorPolicy.fictionalProfileOrInvalid(db, profileUuid, "profile_uuid");
  return { id: profile.id, uuid: profile.uuid, username: profile.username };
}

/** The unique index on code settles two admins saving the same code at once: the second gets the field error. */
function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
}

export async function createTemplate(context: AppContext, admin: SessionUser, body: TemplateInput, ip: string) {
  const { db } = context.database;
  await assertCodeFree(db, body.code);
  const profile = await resolveProfile(db, body.profile_uuid);
  const row = await db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(operatorTemplates)
        .values({ code: body.code, kind: body.kind, text: body.text, profileId: profile?.id ?? null })
        .returning();
      if (!created) throw new AppError("internal");
      await writeAudit(tx, {
        actorId: admin.id,
        action: "operator.template_created",
        metadata: { template_id: created.id, code: created.code },
        ip,
      });
      return created;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw AppError.field("code", operatorMessages.codeTaken);
      throw error;
    });
  return presentTemplate(row, profile && { uuid: profile.uuid, username: profile.username });
}

export async function updateTemplate(
  context: AppContext,
  admin: SessionUser,
  id: number,
  body: TemplateInput,
  ip: string,
) {
  const { db } = context.database;
  await assertCodeFree(db, body.code, id);
  const profile = await resolveProfile(db, body.profile_uuid);
  const row = await db
    .transaction(async (tx) => {
      const [updated] = await tx
        .update(operatorTemplates)
        .set({
          code: body.code,
          kind: body.kind,
          text: body.text,
          profileId: profile?.id ?? null,
          updatedAt: new Date(),
        })
        .where(eq(operatorTemplates.id, id))
        .returning();
      if (!updated) throw new AppError("not_found");
      await writeAudit(tx, {
        actorId: admin.id,
        action: "operator.template_updated",
        metadata: { template_id: id, code: updated.code },
        ip,
      });
      return updated;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw AppError.field("code", operatorMessages.codeTaken);
      throw error;
    });
  return presentTemplate(row, profile && { uuid: profile.uuid, username: profile.username });
}

export async function deleteTemplate(context: AppContext, admin: SessionUser, id: number, ip: string) {
  await context.database.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(operatorTemplates).where(eq(operatorTemplates.id, id)).returning();
    if (!deleted) throw new AppError("not_found");
    await writeAudit(tx, {
      actorId: admin.id,
      action: "operator.template_deleted",
      metadata: { template_id: id, code: deleted.code, text: deleted.text },
      ip,
    });
  });
}
