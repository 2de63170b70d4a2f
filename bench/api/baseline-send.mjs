// The send benchmark's baseline: the transaction the app runs to send a text message
// (apps/server/src/modules/conversations/message-writer.ts), written out in raw `pg` with no ORM,
// no auth, no checks before it and no presenter after it: price, idempotent insert, conditional
// spend, ledger row, conversation and both members' state, the message read back, the three
// outbox events and the notification.
import { randomUUID } from "node:crypto";

export async function sendLikeTheApp(pool, { senderId, partnerId, partnerUuid, conversationId, conversationUuid }) {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const price = (await client.query("select credits from message_prices where type = $1", ["text"])).rows[0].credits;
    const inserted = await client.query(
      `insert into messages (conversation_id, from_id, to_id, type, text, image_id, client_id, price)
       values ($1, $2, $3, 'text', $4, null, $5, $6) on conflict do nothing returning id, created_at`,
      [conversationId, senderId, partnerId, "Hello from the baseline", randomUUID(), price],
    );
    const message = inserted.rows[0];
    const spent = await client.query(
      "update users set credits = credits - $1 where id = $2 and credits >= $1 returning credits",
      [price, senderId],
    );
    if (spent.rowCount === 0) throw new Error("not enough credits");
    await client.query(
      `insert into credit_ledger (user_id, amount, reason, reference, balance_after) values ($1, $2, 'message', $3, $4)`,
      [senderId, -price, `message:${message.id}`, spent.rows[0].credits],
    );
    await client.query("update conversations set last_message_id = $1, updated_at = $2 where id = $3", [
      message.id,
      message.created_at,
      conversationId,
    ]);
    await client.query(
      "update conversation_members set last_message_id = $1, last_message_at = $2 where conversation_id = $3 and user_id = $4",
      [message.id, message.created_at, conversationId, senderId],
    );
    await client.query(
      `update conversation_members set last_message_id = $1, last_message_at = $2,
         unread_count = unread_count + 1, received_count = received_count + 1
       where conversation_id = $3 and user_id = $4 returning user_id`,
      [message.id, message.created_at, conversationId, partnerId],
    );
    const { rows } = await client.query(
      `select m.id, m.client_id, c.uuid, m.from_id, m.to_id, m.type, m.text, m.created_at, m.read_at,
              s.uuid as from_uuid, s.username, s.gender,
              (select p.storage_key from photos p where p.user_id = s.id and p.is_primary and p.status = 'approved' limit 1),
              i.storage_key as image_key, i.width, i.height
         from messages m join conversations c on c.id = m.conversation_id join users s on s.id = m.from_id
         left join message_images i on i.id = m.image_id where m.id = $1 limit 1`,
      [message.id],
    );
    const payload = JSON.stringify(rows[0]);
    await client.query("insert into realtime_outbox (channel, event, payload) values ($1, $2, $3)", [
      `private-conversation.${conversationUuid}`,
      "message.created",
      payload,
    ]);
    const photo = await client.query(
      `select uuid, storage_key, is_primary from photos where user_id = $1 and status = 'approved'
        order by is_primary desc, position asc, id asc`,
      [senderId],
    );
    const notification = await client.query(
      `insert into notifications (user_id, from_user_id, action_type, data) values ($1, $2, 'MESSAGE_RECEIVED', $3)
       returning id, data, read_at, created_at`,
      [partnerId, senderId, JSON.stringify({ message: rows[0], image: photo.rows[0]?.storage_key ?? null })],
    );
    await client.query("insert into realtime_outbox (channel, event, payload) values ($1, $2, $3)", [
      `private-notifications.user.${partnerUuid}`,
      "NEW_NOTIFICATION",
      JSON.stringify(notification.rows[0]),
    ]);
    const unread = await client.query(
      "select coalesce(sum(unread_count), 0) as count from conversation_members where user_id = $1 and unread_count > 0",
      [partnerId],
    );
    await client.query("insert into realtime_outbox (channel, event, payload) values ($1, $2, $3)", [
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
