import { registerChannelRule, UUID_PATTERN } from "../realtime";
import { conversationPolicy } from "./policy";

/**
 * private-conversation.{uuid}: only the conversation's two members may listen (new messages, reads, typing),
 * and an operator signed in as a member only to conversations with fictional profiles.
 */
export function registerConversationChannelRule(): void {
  registerChannelRule(new RegExp(`^private-conversation\\.(${UUID_PATTERN})$`), async (context, auth, match) => {
    const { db } = context.database;
    const uuid = match[1] ?? "";
    return (
      (await conversationPolicy.isMember(db, auth.user.id, uuid)) &&
      (await conversationPolicy.withinSessionScope(db, auth, uuid))
    );
  });
}
