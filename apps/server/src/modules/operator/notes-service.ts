import type { TMemberNote, TMemberNoteRequest } from "@velvet/shared/api/operator";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { users } from "../../platform/db/schema/members";
import { memberNotes } from "../../platform/db/schema/operator";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser, UserRow } from "../../platform/members/types";
import { operatorPolicy } from "./policy";
import { presentNote } from "./presenter";

/*
 * Notes about a member are shared by every operator: whoever takes the member
 * next reads what the last one learned. Any operator may correct or remove a
 * note; the audit log keeps who did.
 */

export async function listNotes(context: AppContext, member: Pick<UserRow, "id" | "uuid">): Promise<TMemberNote[]> {
  const rows = await context.database.db
    .select({ note: memberNotes, authorUuid: users.uuid, authorUsername: users.username })
    .from(memberNotes)
    .leftJoin(users, eq(users.id, memberNotes.authorId))
    .where(eq(memberNotes.memberId, member.id))
    .orderBy(asc(memberNotes.category), asc(memberNotes.id));
  return rows.map((row) =>
    presentNote(
      row.note,
      member.uuid,
      row.authorUuid && row.authorUsername ? { uuid: row.authorUuid, username: row.authorUsername } : null,
    ),
  );
}

export async function notesOfMember(context: AppContext, memberUuid: string) {
  const member = await operatorPolicy.memberOrNotFound(context.database.db, memberUuid);
  return listNotes(context, member);
}

export async function addNote(
  context: AppContext,
  operator: SessionUser,
  memberUuid: string,
  body: TMemberNoteRequest,
  ip: string,
) {
  const { db } = context.database;
  const member = await operatorPolicy.memberOrNotFound(db, memberUuid);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(memberNotes)
      .values({ memberId: member.id, category: body.category, text: body.text, authorId: operator.id })
      .returning();
    if (!created) throw new AppError("internal");
    await writeAudit(tx, {
      actorId: operator.id,
      action: "operator.note_created",
      targetUserId: member.id,
      metadata: { note_id: created.id, category: created.category },
      ip,
    });
    return created;
  });
  return presentNote(row, member.uuid, { uuid: operator.uuid, username: operator.username });
}

async function noteWithMember(context: AppContext, id: number) {
  const [row] = await context.database.db
    .select({ note: memberNotes, memberUuid: users.uuid })
    .from(memberNotes)
    .innerJoin(users, eq(users.id, memberNotes.memberId))
    .where(eq(memberNotes.id, id));
  if (!row) throw new AppError("not_found");
  return row;
}

export async function updateNote(
  context: AppContext,
  operator: SessionUser,
  id: number,
  body: TMemberNoteRequest,
  ip: string,
) {
  const { memberUuid } = await noteWithMember(context, id);
  const row = await context.database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(memberNotes)
      .set({ category: body.category, text: body.text, authorId: operator.id, updatedAt: new Date() })
      .where(eq(memberNotes.id, id))
      .returning();
    if (!updated) throw new AppError("not_found");
    await writeAudit(tx, {
      actorId: operator.id,
      action: "operator.note_updated",
      targetUserId: updated.memberId,
      metadata: { note_id: id, category: updated.category },
      ip,
    });
    return updated;
  });
  return presentNote(row, memberUuid, { uuid: operator.uuid, username: operator.username });
}

export async function deleteNote(context: AppContext, operator: SessionUser, id: number, ip: string) {
  await context.database.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(memberNotes).where(eq(memberNotes.id, id)).returning();
    if (!deleted) throw new AppError("not_found");
    await writeAudit(tx, {
      actorId: operator.id,
      action: "operator.note_deleted",
      targetUserId: deleted.memberId,
      metadata: { note_id: id, category: deleted.category, text: deleted.text },
      ip,
    });
  });
}
