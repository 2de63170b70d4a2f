import { registerChannelRule } from "../realtime/policy";
import { conversationPolicy } from "./policy";

/** private-conversation.{uuid}: only the conversation's two members may listen (new messages, reads, typing). */
export function registerConversationChannelRule(): void {
  registerChannelRule(/^private-conversation\.([0-9a-f-]{36})$/, (context, user, match) =>
    conversationPolicy.isMember(context.database.db, user.id, match[1] ?? ""),
  );
}
