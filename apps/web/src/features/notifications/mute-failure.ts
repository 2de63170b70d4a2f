import { notificationToastMessages } from "@velvet/shared/api/notifications";
import { ApiError } from "../../lib/api-client";

/** Spec §8: a 422 with a message shows that message (muting yourself, an unknown name); anything else the generic line. */
export function muteFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 422 && error.message) return error.message;
  return notificationToastMessages.muteFailed;
}
