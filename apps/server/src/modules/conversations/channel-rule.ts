import { realtimeChannels } from "@velvet/shared/realtime/events";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { conversationMembers, conversations } from "../../platform/db/schema/conversations";
import { registerChannelRule, UUID_PATTERN } from "../realtime";
import { conversationPolicy } from "./policy";

/**
 * private-conversation.{uuid}: only the conversation's two members may listen (new messages, reads, typing),
 * not across a block nor once the partner is gone, and an operator signed in as a member only to conversations
 * with fictional profiles.
 */
export function registerConversationChannelRule(): void {
  registerChannelRule(new RegExp(`^private-conversation\\.(${UUID_PATTERN})$`), async (context, auth, match) =>
    conversationPolicy.mayListen(context.database.db, auth, match[1] ?? ""),
  );
}

/**
 * After a block committed: the blocked member's sockets leave the pair's conversation channel on every process.
 * The rule above refuses them from now on, but a subscription made before the block would go on hearing the
 * blocker and carrying the blocked member's typing to them. The blocker's own sockets stay: pusher-js is not told
 * of a server-side unsubscription, so their open conversation would stay deaf after an unblock.
 */
export async function removeBlockedMemberFromConversation(
  context: AppContext,
  blockerId: number,
  blocked: { id: number; uuid: string },
): Promise<void> {
  const rows = await context.database.db
    .select({ uuid: conversations.uuid })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.userId, blockerId), eq(conversationMembers.partnerId, blocked.id)));
  for (const { uuid } of rows) {
    await context.memberConnections.leaveChannel({ memberUuid: blocked.uuid }, realtimeChannels.conversation(uuid));
  }
}
