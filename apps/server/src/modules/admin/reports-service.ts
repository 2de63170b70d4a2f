import type { TAdminReport } from "@velvet/shared/api/admin-reports";
import { asc, count, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { users } from "../../platform/db/schema/members";
import { photos } from "../../platform/db/schema/profiles";
import { reportNotes, reports } from "../../platform/db/schema/reports";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";

const PAGE_SIZE = 25;
type ReportStatus = TAdminReport["status"];

const reporter = alias(users, "reporter");
const reported = alias(users, "reported");
const author = alias(users, "author");
/** A joined user, or null when there is none (a guest reporter, a deleted account). */
const party = (row: { uuid: string; username: string } | null) =>
  row ? { uuid: row.uuid, username: row.username } : null;

/** The reports of these ids, in this order, with their parties and notes. */
export async function loadReports(context: AppContext, ids: number[]): Promise<TAdminReport[]> {
  if (ids.length === 0) return [];
  const { db } = context.database;
  const [rows, notes] = await Promise.all([
    db
      .select({
        report: reports,
        reporter: { uuid: reporter.uuid, username: reporter.username },
        reported: { uuid: reported.uuid, username: reported.username },
        photoUuid: photos.uuid,
      })
      .from(reports)
      .leftJoin(reporter, eq(reporter.id, reports.reporterId))
      .leftJoin(reported, eq(reported.id, reports.reportedUserId))
      .leftJoin(photos, eq(photos.id, reports.photoId))
      .where(inArray(reports.id, ids)),
    db
      .select({ note: reportNotes, author: { uuid: author.uuid, username: author.username } })
      .from(reportNotes)
      .leftJoin(author, eq(author.id, reportNotes.authorId))
      .where(inArray(reportNotes.reportId, ids))
      .orderBy(asc(reportNotes.id)),
  ]);
  const byId = new Map(rows.map((row) => [row.report.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.report.id,
        status: row.report.status as ReportStatus,
        reason: row.report.reason,
        details: row.report.details,
        reporter: party(row.reporter),
        reporter_email: row.report.reporterEmail,
        reported: party(row.reported),
        photo_id: row.photoUuid ?? null,
        created_at: row.report.createdAt.toISOString(),
        notes: notes
          .filter((entry) => entry.note.reportId === id)
          .map((entry) => ({
            id: entry.note.id,
            text: entry.note.text,
            author: party(entry.author),
            created_at: entry.note.createdAt.toISOString(),
          })),
      },
    ];
  });
}

/** One status at a time, oldest first for the open ones (first come, first handled), newest first when closed. */
export async function listReports(context: AppContext, filters: { status: ReportStatus; page: number }) {
  const { db } = context.database;
  const open = filters.status === "pending" || filters.status === "under_review";
  const [totalRow] = await db.select({ total: count() }).from(reports).where(eq(reports.status, filters.status));
  const idRows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(eq(reports.status, filters.status))
    .orderBy(open ? asc(reports.createdAt) : desc(reports.createdAt), asc(reports.id))
    .limit(PAGE_SIZE)
    .offset((filters.page - 1) * PAGE_SIZE);
  const total = totalRow?.total ?? 0;
  return {
    data: await loadReports(
      context,
      idRows.map((row) => row.id),
    ),
    meta: { current_page: filters.page, last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)), total },
  };
}

/** A new status and/or a note, with the audit entry, in one transaction. */
export async function updateReport(
  context: AppContext,
  admin: SessionUser,
  id: number,
  update: { status?: ReportStatus | undefined; note?: string | undefined },
  ip: string,
): Promise<TAdminReport> {
  await context.database.db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, id)).for("update");
    if (!report) throw new AppError("not_found");
    if (update.status && update.status !== report.status) {
      await tx.update(reports).set({ status: update.status }).where(eq(reports.id, id));
    }
    if (update.note) await tx.insert(reportNotes).values({ reportId: id, authorId: admin.id, text: update.note });
    await writeAudit(tx, {
      actorId: admin.id,
      action: "report.updated",
      targetUserId: report.reportedUserId,
      metadata: { report: id, from: report.status, to: update.status ?? report.status, noted: Boolean(update.note) },
      ip,
    });
  });
  const [loaded] = await loadReports(context, [id]);
  if (!loaded) throw new AppError("not_found");
  return loaded;
}
