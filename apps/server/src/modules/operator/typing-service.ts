import { operatorMessages } from "@velvet/shared/api/operator";
import { realtimeChannels, realtimeEvents } from "@velvet/shared/realtime/events";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../platform/app-context";
import { queryRows } from "../../platform/db/client";
import { AppError } from "../../platform/http/app-error";
import type { SessionUser } from "../../platform/members/types";
import { recordRealtimeEvent } from "../realtime";
import { operatorPolicy } from "./policy";

/** At most one typing signal per conversation this often, whatever the console sends. */
export const TYPING_EVERY_SECONDS = 2;

/**
 * The operator's typing, shown to the member as the fictional profile's "typing…". The console is not
 * on the conversation's channel (only its two members are), so the server sends the same `client-typing` a
 * member's browser would, with the profile's username and nothing of the operator. Only the holder of the live
 * lock may send it, at most every 2 seconds per conversation.
 */
export async function operatorTyping(
  context: AppContext,
  operator: SessionUser,
  uuid: string,
): Promise<{ sent: boolean }> {
  const { db } = context.database;
  const target = await operatorPolicy.fictionalConversationOrNotFound(db, uuid);
  const [held] = await queryRows(
    db,
    sql`select 1 from conversation_locks where conversation_id = ${target.conversation.id}
      and operator_id = ${operator.id} and expires_at > now()`,
  );
  if (!held) throw new AppError("conflict", operatorMessages.lockRequired);
  const { count } = await context.attempts.hit(`operator-typing:${uuid}`, TYPING_EVERY_SECONDS);
  if (count > 1) return { sent: false };
  await db.transaction((tx) =>
    recordRealtimeEvent(
      tx,
      realtimeChannels.conversation(target.conversation.uuid),
      realtimeEvents.typing,
      {
        username: target.profile.username,
      },
      [target.member.id, target.profile.id],
    ),
  );
  context.realtimeEvents.kick();
  return { sent: true };
}
