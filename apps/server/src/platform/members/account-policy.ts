import { accountMessages } from "@velvet/shared/validation/account-messages";
import { AppError } from "../http/app-error";
import type { Authenticated, SessionUser } from "./types";

/**
 * Account rules. Every account route acts on the signed-in member's own account
 * only (there is no id in the path), so one member can never reach another's.
 */
export const accountPolicy = {
  /**
   * An operator acting as a member may not buy, change email or password, download the member's data, or
   * deactivate, reactivate or delete the account: those are the member's own decisions about their data.
   */
  assertNotImpersonating(auth: Authenticated): void {
    if (auth.session.impersonatorId !== null) throw new AppError("forbidden", accountMessages.notWhileImpersonating);
  },

  /**
   * An operator acting as a member answers as the member toward fictional profiles (the desk's work), and is
   * read-only toward real people: no like, wink, favourite, block or report in the member's name reaches them.
   */
  assertMayActToward(auth: Authenticated, target: { isFictional: boolean }): void {
    if (auth.session.impersonatorId !== null && !target.isFictional) {
      throw new AppError("forbidden", accountMessages.notTowardRealMembers);
    }
  },

  /** Whether what the caller does is theirs to record (a visit): never an operator's look in the member's name. */
  actsAsThemselves(auth: Authenticated): boolean {
    return auth.session.impersonatorId === null;
  },

  /** A deactivated member is confined to /deactivated: member features answer 403 until they reactivate. */
  assertActive(user: SessionUser): void {
    if (user.deactivatedAt) throw new AppError("forbidden", "Your account is deactivated.");
  },

  /**
   * Unverified members may browse, block and act on fictional profiles, but
   * not upload photos or like, wink at or favorite real members:
   * a throwaway address must not be able to reach real people.
   */
  assertVerified(user: SessionUser): void {
    if (!user.emailVerifiedAt) throw new AppError("forbidden", accountMessages.confirmEmailFirst);
  },

  /** Unverified members may browse but not send messages. */
  assertMaySendMessages(user: SessionUser): void {
    if (!user.emailVerifiedAt) throw new AppError("forbidden", accountMessages.verifyEmail);
  },
};
