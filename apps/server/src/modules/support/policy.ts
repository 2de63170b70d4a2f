import { supportMessages } from "@velvet/shared/api/support";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";

/** Who may send a ticket, and where its answer goes. */
export const supportPolicy = {
  /**
   * A member's answer goes to their account's address, so they need not type
   * one (and cannot point it elsewhere); a guest must leave one.
   */
  replyAddress(member: SessionUser | undefined, given: string | undefined): string {
    const email = member ? (member.email ?? undefined) : given;
    if (!email) throw AppError.field("email", supportMessages.emailRequired);
    return email;
  },
};
