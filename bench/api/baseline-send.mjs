// The send benchmark's baseline: the transaction the app runs to send a text message
// (apps/server/src/modules/conversations/message-writer.ts), written out in raw `pg` with no ORM,
// no auth, no checks before it and no presenter after it, statement for statement: the idempotent
// insert (priced by a subquery, returning the sender's photo), the conditional spend, the ledger
// row, one statement for the conversation and both members' state with the recipient's unread
// count, the three outbox events and the notification.
import { randomUUID } from "node:crypto";

/**
 * Where the baseline writes its three events: a table of the outbox's exact shape (columns, identity, both indexes,
 * the partial "pending" one included), so each insert costs what the app's does. Not `realtime_outbox` itself: the
 * app's dispatcher, running beside the baseline, would deliver the baseline's rows (about 1,800 a second), taking
 * CPU from the baseline while it runs and from the app in the round after, and no process ever delivers these.
 */
export const BASELINE_OUTBOX = "bench_baseline_outbox";

/** Makes the baseline's outbox (again, empty) before a run: its pending index then grows from nothing each time. */
export async function resetBaselineOutbox(pool) {
  await pool.query(`drop table if exists ${BASELINE_OUTBOX}`);
  await pool.query(`create table ${BASELINE_OUTBOX} (like realtime_outbox including all)`);
}

export async function sendLikeTheApp(pool, { senderId, partnerId, partnerUuid, conversationId, conversationUuid }) {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const inserted = await client.query(
      `insert into messages (conversation_id, from_id, to_id, type, text, image_id, client_id, price)
       values ($1, $2, $3, 'text', $4, null, $5, (select credits from message_prices where type = 'text'))
       on conflict do nothing
       returning id, created_at, price, (select p.storage_key from photos p
         where p.user_id = messages.from_id and p.is_primary and p.status = 'approved' limit 1) as photo`,
      [conversationId, senderId, partnerId, "Hello from the baseline", randomUUID()],
    );
    const message = inserted.rows[0];
    const spent = await client.query(
      "update users set credits = credits - $1 where id = $2 and credits >= $1 returning credits",
      [message.price, senderId],
    );
    if (spent.rowCount === 0) throw new Error("not enough credits");
    await client.query(
      `insert into credit_ledger (user_id, amount, reason, reference, balance_after) values ($1, $2, 'message', $3, $4)`,
      [senderId, -message.price, `message:${message.id}`, spent.rows[0].credits],
    );
    const unread = await client.query(
      `with moved_conversation as (
         update conversations set last_message_id = $1, updated_at = $2 where id = $3
       ), moved_sender as (
         update conversation_members set last_message_id = $1, last_message_at = $2
         where conversation_id = $3 and user_id = $4
       ), moved_recipient as (
         update conversation_members set last_message_id = $1, last_message_at = $2,
           unread_count = unread_count + 1, received_count = received_count + 1
         where conversation_id = $3 and user_id = $5 returning unread_count
       )
       select (select unread_count from moved_recipient) + (select coalesce(sum(unread_count), 0)
         from conversation_members where user_id = $5 and unread_count > 0 and conversation_id <> $3) as count`,
      [message.id, message.created_at, conversationId, senderId, partnerId],
    );
    const rows = [{ ...message, conversation: conversationUuid, from_id: senderId, to_id: partnerId }];
    const payload = JSON.stringify(rows[0]);
    await client.query(`insert into ${BASELINE_OUTBOX} (channel, event, payload) values ($1, $2, $3)`, [
      `private-conversation.${conversationUuid}`,
      "message.created",
      payload,
    ]);
    const notification = await client.query(
      `insert into notifications (user_id, from_user_id, action_type, data) values ($1, $2, 'MESSAGE_RECEIVED', $3)
       returning id, data, read_at, created_at`,
      [partnerId, senderId, JSON.stringify({ message: rows[0], image: message.photo })],
    );
    await client.query(`insert into ${BASELINE_OUTBOX} (channel, event, payload) values ($1, $2, $3)`, [
      `private-notifications.user.${partnerUuid}`,
      "NEW_NOTIFICATION",
      JSON.stringify(notification.rows[0]),
    ]);
    await client.query(`insert into ${BASELINE_OUTBOX} (channel, event, payload) values ($1, $2, $3)`, [
      `private-notifications.user.${partnerUuid}`,
      "UnreadMessagesCount",
      JSON.stringify({ unread_messages_count: Number(unread.rows[0].count) }),
    ]);
    await client.query("commit");
    return { id: message.id, credits: spent.rows[0].credits };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
