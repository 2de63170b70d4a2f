import type { makeRegisterRequestSchema } from "@velvet/shared/api/auth";
import { accountMessages } from "@velvet/shared/validation/account-messages";
import type { FieldErrors } from "@velvet/shared/validation/field-errors";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { users } from "../../platform/db/schema/members";
import { AppError } from "../../platform/http/app-error";
import { withinLetterBudget } from "../../platform/mail/letter-budget";
import { queueMail } from "../../platform/mail/mail-queue";
import { type IssuedTokens, startSession } from "../sessions";
import { hashPassword, isCommonPassword } from "./passwords";

/** The version of the terms a member accepts at registration; bump it when the terms change. */
export const CURRENT_TERMS_VERSION = "2026-11";

type RegisterInput = z.output<ReturnType<typeof makeRegisterRequestSchema>>;

export interface RegistrationRequestMeta {
  ip: string;
  userAgent: string | undefined;
  deviceId: string | undefined;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
}

async function takenFields(context: AppContext, username: string, email: string): Promise<FieldErrors> {
  const { db } = context.database;
  const errors: FieldErrors = {};
  const [byUsername] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (byUsername) errors.username = [accountMessages.usernameTaken];
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (byEmail) errors.email = [accountMessages.emailTaken];
  return errors;
}

/** Queues the confirmation link for `email` in the caller's transaction; the link is made when the mail leaves. */
export async function queueVerificationMail(tx: Db, userId: number, email: string): Promise<void> {
  await queueMail(tx, "verify_email", { user_id: userId, email: email.toLowerCase() }, userId);
}

/**
 * Creates the member, signs them in and mails the verification link. The one
 * place the site admits an email is in use, behind a per-IP limit.
 */
export async function register(
  context: AppContext,
  input: RegisterInput,
  meta: RegistrationRequestMeta,
): Promise<IssuedTokens> {
  const errors: FieldErrors = await takenFields(context, input.username, input.email);
  if (await isCommonPassword(input.password)) errors.password = [accountMessages.passwordCommon];
  if (Object.keys(errors).length > 0) throw new AppError("validation", undefined, { fields: errors });

  const passwordHash = await hashPassword(input.password);
  const mayMail = await withinLetterBudget(context, input.email, "verify_email");
  let tokens: IssuedTokens;
  try {
    // The member, their session and their confirmation mail commit together: the mail is never lost or orphaned.
    tokens = await context.database.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          roles: ["member"],
          birthdate: input.birthdate,
          gender: input.gender,
          seeking: input.seeking,
          city: input.city,
          termsVersion: CURRENT_TERMS_VERSION,
          termsAcceptedAt: new Date(),
          campaign: input.campaign ?? null,
          deviceId: meta.deviceId?.slice(0, 128) ?? null,
          registrationIp: meta.ip.slice(0, 45),
        })
        .returning({ id: users.id, uuid: users.uuid });
      if (!created) throw new AppError("internal");
      const session = await startSession(context, tx, { user: created, ip: meta.ip, userAgent: meta.userAgent });
      if (mayMail) await queueVerificationMail(tx, created.id, input.email);
      return session;
    });
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides, the loser gets the usual message.
    if (isUniqueViolation(error)) {
      throw new AppError("validation", undefined, { fields: await takenFields(context, input.username, input.email) });
    }
    throw error;
  }
  context.jobs.kick();
  return tokens;
}

export async function findActiveUserByEmail(context: AppContext, email: string) {
  const [user] = await context.database.db
    .select()
    .from(users)
    .where(
      and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt), eq(users.isFictional, false)),
    );
  return user;
}
