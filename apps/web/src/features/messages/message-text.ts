import type { TConversation, TMessage } from "@velvet/shared/api/conversations";

/** Spec §3: a message is the viewer's own when from_id equals viewer_id. */
export function isFromViewer(message: Pick<TMessage, "from_id">, viewerId: number): boolean {
  return message.from_id === viewerId;
}

/** The last-message line of the conversation list; the viewer's own messages start with "You: ". */
export function conversationPreview(conversation: Pick<TConversation, "last_message" | "viewer_id">): string {
  const message = conversation.last_message;
  if (!message) return "";
  const mine = isFromViewer(message, conversation.viewer_id);
  switch (message.type) {
    case "image":
      return mine ? "You: Photo" : "Photo";
    case "wink":
      return mine ? "You winked" : "Winked at you";
    case "like":
      return mine ? "You liked their profile" : "Liked your profile";
    default: {
      const text = (message.text ?? "").replace(/\s+/g, " ").trim();
      return mine ? `You: ${text}` : text;
    }
  }
}

/** The small centred line for a wink or like in the conversation. */
export function eventText(message: Pick<TMessage, "type">, mine: boolean, partnerName: string): string {
  if (message.type === "wink") return mine ? `You winked at ${partnerName}` : `${partnerName} winked at you`;
  return mine ? `You liked ${partnerName}'s profile` : `${partnerName} liked your profile`;
}

export function isEventMessage(message: Pick<TMessage, "type">): boolean {
  return message.type === "wink" || message.type === "like";
}
