import { messagingMessages } from "@velvet/shared/api/conversations";
import { ApiError } from "../../lib/api-client";

export interface SendFailure {
  message: string;
  /** 402: the balance does not cover the price; the member is offered /credits/buy. */
  needsCredits: boolean;
}

/** What the member is told when a message could not be sent; the message itself is kept for a retry. */
export function sendFailure(error: unknown): SendFailure {
  if (!(error instanceof ApiError)) {
    return { message: "Not sent. Check your connection and try again.", needsCredits: false };
  }
  if (error.status === 402) return { message: messagingMessages.notEnoughCredits, needsCredits: true };
  const fieldMessage = Object.values(error.errors).flat()[0];
  if (error.status === 422 && fieldMessage) return { message: fieldMessage, needsCredits: false };
  return { message: error.message || "Not sent. Please try again.", needsCredits: false };
}
