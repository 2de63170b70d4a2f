import { registerChannelRule, UUID_PATTERN } from "../realtime/policy";
import { conversationPolicy } from "./policy";

/** private-conversation.{uuid}: only the conversation's two members may listen (new messages, reads, typing). */
export function registerConversationChannelRule(): void {
  registerChannelRule(new RegExp(`^private-conversation\\.(${UUID_PATTERN})$`), (context, user, match) =>
    conversationPolicy.isMember(context.database.db, user.id, match[1] ?? ""),
  );
}
