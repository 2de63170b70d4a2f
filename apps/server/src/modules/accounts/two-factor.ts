import { twoFactorMessages } from "@velvet/shared/api/two-factor";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { accountPolicy } from "../../platform/members/account-policy";
import type { Authenticated } from "../../platform/members/types";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, twoFactorStatus } from "../auth";
import { assertCurrentPassword } from "./service";

/**
 * Account settings → Two-factor sign-in. Like the password, it is the member's
 * own: an operator acting as the member gets 403, and every change needs the
 * current password (a borrowed unlocked phone must not switch it off).
 */
export async function readTwoFactor(context: AppContext, auth: Authenticated) {
  accountPolicy.assertNotImpersonating(auth);
  const status = await twoFactorStatus(context.database.db, auth.user.id);
  return { enabled: status.enabled, recovery_codes_left: status.recoveryCodesLeft };
}

export async function setUpTwoFactor(context: AppContext, auth: Authenticated, password: string) {
  accountPolicy.assertNotImpersonating(auth);
  await assertCurrentPassword(context, auth, password, "password");
  const setup = await startTwoFactorSetup(context, auth.user);
  return { secret: setup.secret, otpauth_url: setup.otpauthUrl, qr_code: setup.qrCode };
}

export async function turnOnTwoFactor(
  context: AppContext,
  auth: Authenticated,
  input: { password: string; code: string },
  ip: string,
) {
  accountPolicy.assertNotImpersonating(auth);
  await assertCurrentPassword(context, auth, input.password, "password");
  const codes = await enableTwoFactor(context, auth.user.id, input.code);
  await writeAudit(context.database.db, {
    actorId: auth.user.id,
    action: "account.two_factor_enabled",
    targetUserId: auth.user.id,
    ip,
  });
  return { message: twoFactorMessages.enabled, data: { recovery_codes: codes } };
}

export async function turnOffTwoFactor(
  context: AppContext,
  auth: Authenticated,
  input: { password: string; code: string },
  ip: string,
) {
  accountPolicy.assertNotImpersonating(auth);
  await assertCurrentPassword(context, auth, input.password, "password");
  await disableTwoFactor(context, auth.user.id, input.code);
  await writeAudit(context.database.db, {
    actorId: auth.user.id,
    action: "account.two_factor_disabled",
    targetUserId: auth.user.id,
    ip,
  });
  return { message: twoFactorMessages.disabled };
}
