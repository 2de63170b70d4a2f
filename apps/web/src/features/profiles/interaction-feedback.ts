import { ApiError } from "../../lib/api-client";
import { toast } from "../../ui/toast";
import { type InteractionKind, interact } from "./profile-api";

type Feedback = Exclude<InteractionKind, "block">;

/** What each action says once done (every action confirms itself). */
export function interactionMessage(kind: Feedback, username: string, undo: boolean): string {
  if (kind === "like") return undo ? `You no longer like ${username}.` : `You liked ${username}.`;
  if (kind === "wink") return `You winked at ${username}.`;
  return undo ? `${username} removed from your favorites.` : `${username} added to your favorites.`;
}

/**
 * Likes, winks or favourites a member (or undoes it) and says so in a short toast. Returns whether it
 * happened, so the caller changes the button's state only then; a refusal is said in the toast too.
 */
export async function interactWithFeedback(
  profile: { uuid: string; username: string },
  kind: Feedback,
  undo: boolean,
): Promise<boolean> {
  try {
    await interact(profile.uuid, kind, undo);
    toast.success(interactionMessage(kind, profile.username, undo), { duration: 2000 });
    return true;
  } catch (error) {
    toast.error(error instanceof ApiError ? error.message : "That didn't work. Please try again.");
    return false;
  }
}
