import { messagingMessages } from "@velvet/shared/api/conversations";
import { accountMessages } from "@velvet/shared/validation/account-messages";
import { ApiError } from "../../lib/api-client";

export interface SendFailure {
  message: string;
  /** 402: the balance does not cover the price; the member is offered /credits/buy. */
  needsCredits: boolean;
  /**
   * 403 for an unconfirmed address: sending again cannot work, so no retry is offered; the member is
   * reloaded and the composer says why, with "Resend" and "Change address".
   */
  needsConfirmedEmail: boolean;
}

/** What the member is told when a message could not be sent; the message itself is kept for a retry. */
export function sendFailure(error: unknown): SendFailure {
  const failure = (message: string, reason: "credits" | "email" | null = null): SendFailure => ({
    message,
    needsCredits: reason === "credits",
    needsConfirmedEmail: reason === "email",
  });
  if (!(error instanceof ApiError)) return failure("Not sent. Check your connection and try again.");
  if (error.status === 402) return failure(messagingMessages.notEnoughCredits, "credits");
  if (error.status === 403 && error.message === accountMessages.verifyEmail) {
    return failure("Confirm your email to send messages.", "email");
  }
  const fieldMessage = Object.values(error.errors).flat()[0];
  if (error.status === 422 && fieldMessage) return failure(fieldMessage);
  return failure(error.message || "Not sent. Please try again.");
}
