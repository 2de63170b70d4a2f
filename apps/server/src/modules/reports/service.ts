import type { ZReportRequestSchema } from "@velvet/shared/api/reports";
import { reportMessages } from "@velvet/shared/api/reports";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../platform/app-context";
import { users } from "../../platform/db/schema/members";
import { photos } from "../../platform/db/schema/profiles";
import { reports } from "../../platform/db/schema/reports";
import { AppError } from "../../platform/http/app-error";
import { withinLetterBudget } from "../../platform/mail/letter-budget";
import { queueMail } from "../../platform/mail/mail-queue";
import { accountPolicy } from "../../platform/members/account-policy";
import type { Authenticated } from "../../platform/members/types";

type ReportInput = z.output<typeof ZReportRequestSchema>;

/** Stores a report for the admin queue and acknowledges it by email. Guests leave an address (and passed the bot check). */
export async function fileReport(
  context: AppContext,
  auth: Authenticated | undefined,
  input: ReportInput,
): Promise<void> {
  const reporter = auth?.user;
  const email = reporter?.email ?? input.email;
  if (!email) throw AppError.field("email", reportMessages.emailRequired);
  const { db } = context.database;
  let reportedUserId: number | null = null;
  let photoId: number | null = null;
  if (input.reported_uuid) {
    const [reported] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.uuid, input.reported_uuid), isNull(users.deletedAt)));
    if (!reported) throw new AppError("not_found");
    reportedUserId = reported.id;
  }
  if (input.photo_uuid) {
    const [photo] = await db
      .select({ id: photos.id, userId: photos.userId })
      .from(photos)
      .where(eq(photos.uuid, input.photo_uuid));
    if (!photo) throw new AppError("not_found");
    photoId = photo.id;
    reportedUserId ??= photo.userId;
  }
  if (auth && reportedUserId !== null) {
    const [reported] = await db
      .select({ isFictional: users.isFictional })
      .from(users)
      .where(eq(users.id, reportedUserId));
    accountPolicy.assertMayActToward(auth, { isFictional: reported?.isFictional ?? false });
  }
  // The report is kept either way; its acknowledgement is left out once the address had its letters for the day.
  const mayMail = await withinLetterBudget(context, email, "report_received");
  await db.transaction(async (tx) => {
    await tx.insert(reports).values({
      reporterId: reporter?.id ?? null,
      reporterEmail: reporter ? null : email,
      reportedUserId,
      photoId,
      reason: input.reason,
      details: input.details,
    });
    if (mayMail) await queueMail(tx, "report_received", { to: email }, reporter?.id ?? null);
  });
  context.jobs.kick();
}
