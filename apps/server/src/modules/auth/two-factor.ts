import { randomBytes } from "node:crypto";
import { twoFactorMessages } from "@velvet/shared/api/two-factor";
import { fillMessage } from "@velvet/shared/validation/messages";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { AppContext } from "../../platform/app-context";
import type { Db } from "../../platform/db/client";
import { twoFactorChallenges, twoFactorCredentials, twoFactorRecoveryCodes } from "../../platform/db/schema/auth";
import { AppError } from "../../platform/http/app-error";
import { decrypt, deriveKey, encrypt, hashToken, randomToken } from "../../platform/security/secrets";

const STEP_SECONDS = 30;
/** One step either side: a phone's clock a little off still signs in. */
const TOLERANCE_SECONDS = STEP_SECONDS;
export const RECOVERY_CODE_COUNT = 10;
/** The step between password and code lasts five minutes and allows five codes. */
const CHALLENGE_TTL_SECONDS = 5 * 60;
export const CHALLENGE_ATTEMPTS = 5;
/** Codes tried for one member, from sign-in, enabling or disabling: 10 in 15 minutes. */
export const CODE_ATTEMPTS_PER_WINDOW = 10;
const CODE_WINDOW_SECONDS = 15 * 60;

function secretKey(context: AppContext) {
  return deriveKey(context.config.appSecret, "two-factor-secret");
}

function wrongCode(field = "code"): AppError {
  return AppError.field(field, twoFactorMessages.codeWrong);
}

/** Every code tried counts against the member, before it is checked, so guessing six digits is not cheap. */
async function countCodeAttempt(context: AppContext, userId: number): Promise<void> {
  const hit = await context.attempts.hit(`two-factor:${userId}`, CODE_WINDOW_SECONDS);
  if (hit.count > CODE_ATTEMPTS_PER_WINDOW) {
    throw new AppError("throttled", fillMessage(twoFactorMessages.tooManyAttempts, { seconds: hit.resetInSeconds }), {
      retryAfterSeconds: hit.resetInSeconds,
    });
  }
}

/** A recovery code as shown: ten characters in two groups, `a1b2c-3d4e5`; stored by the hash of its bare form. */
function newRecoveryCode(): string {
  const raw = randomBytes(8).toString("hex").slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}
const recoveryHash = (code: string) => hashToken(code.toLowerCase().replace(/[^0-9a-z]/g, ""));

export async function twoFactorStatus(db: Db, userId: number) {
  const [row] = await db
    .select({ enabledAt: twoFactorCredentials.enabledAt })
    .from(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, userId));
  const [left] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: Boolean(row?.enabledAt), recoveryCodesLeft: row?.enabledAt ? (left?.count ?? 0) : 0 };
}

/** A fresh secret, kept (encrypted) but not yet in force: the member scans it, then confirms with a code. */
export async function startTwoFactorSetup(context: AppContext, user: { id: number; email: string | null }) {
  const { db } = context.database;
  if ((await twoFactorStatus(db, user.id)).enabled) throw new AppError("conflict", twoFactorMessages.alreadyEnabled);
  const secret = generateSecret();
  const secretCiphertext = encrypt(secretKey(context), secret);
  await db
    .insert(twoFactorCredentials)
    .values({ userId: user.id, secretCiphertext })
    .onConflictDoUpdate({
      target: twoFactorCredentials.userId,
      set: { secretCiphertext, enabledAt: null, lastUsedStep: null, createdAt: new Date() },
    });
  const otpauthUrl = generateURI({ issuer: context.config.siteName, label: user.email ?? "member", secret });
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(otpauthUrl, { type: "svg", margin: 1 })).toString("base64")}`;
  return { secret, otpauthUrl, qrCode };
}

/**
 * Checks an authenticator code against the member's secret (enabled or, with
 * `pending`, still being set up). A code is accepted once: its time step is
 * remembered, and a code of that step or earlier is refused after it.
 */
async function acceptTotp(context: AppContext, tx: Db, userId: number, code: string, pending: boolean) {
  const [row] = await tx
    .select()
    .from(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, userId))
    .for("update");
  if (!row || Boolean(row.enabledAt) === pending) return false;
  const secret = decrypt(secretKey(context), row.secretCiphertext);
  if (!secret || !/^\d{6}$/.test(code)) return false;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(row.lastUsedStep === null ? {} : { afterTimeStep: row.lastUsedStep }),
  });
  if (!result.valid) return false;
  const step = "timeStep" in result ? result.timeStep : Math.floor(Date.now() / 1000 / STEP_SECONDS);
  await tx.update(twoFactorCredentials).set({ lastUsedStep: step }).where(eq(twoFactorCredentials.userId, userId));
  return true;
}

/** An unused recovery code of the member, used up by this call. */
async function acceptRecoveryCode(tx: Db, userId: number, code: string): Promise<boolean> {
  const used = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, recoveryHash(code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

/** The member's code (or recovery code) for their enabled two-factor sign-in, counted and checked in `tx`. */
export async function checkSecondFactor(context: AppContext, tx: Db, userId: number, code: string): Promise<boolean> {
  if (await acceptTotp(context, tx, userId, code, false)) return true;
  return /^\d{6}$/.test(code) ? false : acceptRecoveryCode(tx, userId, code);
}

/** Turns it on with a first code from the app; answers the ten recovery codes, the only time they are shown. */
export async function enableTwoFactor(context: AppContext, userId: number, code: string): Promise<string[]> {
  await countCodeAttempt(context, userId);
  return context.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ enabledAt: twoFactorCredentials.enabledAt })
      .from(twoFactorCredentials)
      .where(eq(twoFactorCredentials.userId, userId));
    if (!row) throw AppError.field("code", twoFactorMessages.setupFirst);
    if (row.enabledAt) throw new AppError("conflict", twoFactorMessages.alreadyEnabled);
    if (!(await acceptTotp(context, tx, userId, code, true))) throw wrongCode();
    await tx.update(twoFactorCredentials).set({ enabledAt: new Date() }).where(eq(twoFactorCredentials.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((value) => ({ userId, codeHash: recoveryHash(value) })));
    return codes;
  });
}

export async function disableTwoFactor(context: AppContext, userId: number, code: string): Promise<void> {
  await countCodeAttempt(context, userId);
  await context.database.db.transaction(async (tx) => {
    if (!(await twoFactorStatus(tx, userId)).enabled) throw new AppError("conflict", twoFactorMessages.notEnabled);
    if (!(await checkSecondFactor(context, tx, userId, code))) throw wrongCode();
    await tx.delete(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  });
}

/**
 * After the right password (or a payment's return link): whether this member signs in with a code, and if so the
 * challenge to answer. `db`: the caller's transaction, when the step that earned it is written in one.
 */
export async function issueChallengeIfEnabled(
  context: AppContext,
  userId: number,
  db: Db = context.database.db,
): Promise<string | undefined> {
  if (!(await twoFactorStatus(db, userId)).enabled) return undefined;
  const challenge = randomToken();
  await db.insert(twoFactorChallenges).values({
    userId,
    tokenHash: hashToken(challenge),
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
  });
  return challenge;
}

/**
 * The second step of sign-in: a live challenge and a right code end it (used
 * once) and the caller starts the session. Each challenge allows five codes;
 * each member ten in 15 minutes across challenges (a new password sign-in
 * does not buy more guesses).
 */
export async function completeChallenge(context: AppContext, challenge: string, code: string): Promise<number> {
  const { db } = context.database;
  const invalid = AppError.field("code", twoFactorMessages.challengeInvalid);
  const [found] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, hashToken(challenge)),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, new Date()),
      ),
    );
  if (!found || found.attempts >= CHALLENGE_ATTEMPTS) throw invalid;
  await countCodeAttempt(context, found.userId);
  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(twoFactorChallenges)
      .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
      .where(
        and(
          eq(twoFactorChallenges.id, found.id),
          isNull(twoFactorChallenges.usedAt),
          sql`${twoFactorChallenges.attempts} < ${CHALLENGE_ATTEMPTS}`,
        ),
      )
      .returning({ id: twoFactorChallenges.id });
    if (!claimed) return "invalid" as const;
    if (!(await checkSecondFactor(context, tx, found.userId, code))) return "wrong" as const;
    await tx.update(twoFactorChallenges).set({ usedAt: new Date() }).where(eq(twoFactorChallenges.id, found.id));
    return "ok" as const;
  });
  if (outcome === "invalid") throw invalid;
  // "wrong" is returned, not thrown, inside the transaction, so the challenge's attempt count still commits.
  if (outcome === "wrong") throw wrongCode();
  await context.attempts.forgive(`two-factor:${found.userId}`);
  return found.userId;
}
