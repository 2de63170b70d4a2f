import { ApiError } from "../../../lib/api-client";

export interface ResendOutcome {
  tone: "success" | "error";
  text: string;
}

/** "in 1 minute", "in 42 minutes": the resend limit is counted per hour, so minutes are precise enough. */
function waitWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "in 1 minute" : `in ${minutes} minutes`;
}

/** What the member reads after asking for the confirmation link again. */
export function resendOutcome(result: { message: string } | unknown, address: string): ResendOutcome {
  if (!(result instanceof Error)) return { tone: "success", text: `We sent a new link to ${address}.` };
  if (result instanceof ApiError && result.status === 429) {
    const when = result.retryAfterSeconds === null ? "later" : waitWords(result.retryAfterSeconds);
    return { tone: "error", text: `We already sent a few links. You can ask for another one ${when}.` };
  }
  if (result instanceof ApiError && result.message) return { tone: "error", text: result.message };
  return { tone: "error", text: "We couldn't send the link. Check your connection and try again." };
}
