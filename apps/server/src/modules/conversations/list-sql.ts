import type { PreparedStatement } from "../../platform/db/client";
import { likePrefixPattern } from "../../platform/db/like-pattern";
import type { ConversationSource, MessageSource, PartySource } from "./presenter";

/*
 * The conversation list and history pages are the most frequent reads of a
 * signed-in member, so each is one statement with a fixed text, run as a named
 * prepared statement (see Database.queryPrepared): one round trip, planned once
 * per connection. Optional filters are parameters that switch themselves off
 * when null, so the text never changes. Everything is reached through the
 * viewer's own conversation_members row, as conversationPolicy requires: a
 * conversation they are not part of never appears.
 */

/** "Not deleted by this member for themselves" for a messages row known as `alias`. */
const visibleToViewerSql = (alias: string, viewerParameter: string) =>
  `not (${alias}.from_id = ${viewerParameter} and ${alias}.hidden_for_sender)
    and not (${alias}.to_id = ${viewerParameter} and ${alias}.hidden_for_recipient)`;

/** The approved primary photo of the `users` row known as `alias` (uses photos_primary_approved_idx). */
const photoOf = (alias: string) =>
  `(select p.storage_key from photos p where p.user_id = ${alias}.id and p.is_primary and p.status = 'approved' limit 1)`;

const partyColumns = (alias: string) =>
  `${alias}.uuid as ${alias}_uuid, ${alias}.username as ${alias}_username, ${alias}.gender as ${alias}_gender,
  ${alias}.last_active_at as ${alias}_last_active_at, ${alias}.is_fictional as ${alias}_is_fictional,
  ${alias}.online_hours as ${alias}_online_hours, ${photoOf(alias)} as ${alias}_photo_key,
  (${alias}.deleted_at is null and ${alias}.deactivated_at is null and ${alias}.suspended_at is null)
    as ${alias}_available`;

const messageColumns = (alias: string) =>
  `${alias}.id as message_id, ${alias}.client_id, ${alias}.from_id, ${alias}.to_id, ${alias}.type as message_type,
  ${alias}.text as message_text, ${alias}.created_at as message_created_at, ${alias}.read_at,
  image.storage_key as image_key, image.width as image_width, image.height as image_height`;

/**
 * $1 viewer id, $2 username prefix pattern or null, $3 only unread, $4 only
 * read, $5 page, $6 page size, $7 offset, $8 only conversations with
 * fictional profiles (an operator signed in as the member). Blocks either way hide a
 * conversation (a hashed NOT IN over both directions: the OR of the two in one
 * EXISTS cannot use an index). Every row carries the counts; a page with no
 * conversations is one row of counts only.
 */
const listText = `with visible as materialized (
  select m.conversation_id, m.starred, m.unread_count, m.last_message_at, m.cleared_up_to_id
  from conversation_members m
  where m.user_id = $1
    and m.last_message_id > m.cleared_up_to_id
    and m.partner_id not in (
      select b.to_user_id from interactions b where b.kind = 'block' and b.from_user_id = $1
      union all
      select b.from_user_id from interactions b where b.kind = 'block' and b.to_user_id = $1)
    and ($2::text is null or exists (
      select 1 from users partner where partner.id = m.partner_id and lower(partner.username) like $2::text))
    and ($3::boolean is not true or m.unread_count > 0)
    and ($4::boolean is not true or m.unread_count = 0)
    and ($8::boolean is not true or exists (
      select 1 from users partner where partner.id = m.partner_id and partner.is_fictional))
), counts as (
  select count(*) filter (where starred) as starred_total, count(*) filter (where not starred) as others_total
  from visible
), page as (
  (select * from visible where starred and $5::int = 1 order by last_message_at desc, conversation_id desc)
  union all
  (select * from visible where not starred order by last_message_at desc, conversation_id desc limit $6 offset $7)
)
select counts.starred_total, counts.others_total,
  c.id, c.uuid, c.initiator_id, c.recipient_id, c.updated_at, page.starred, page.unread_count,
  ${partyColumns("initiator")},
  ${partyColumns("recipient")},
  ${messageColumns("last")}
from counts
left join page on true
left join conversations c on c.id = page.conversation_id
left join users initiator on initiator.id = c.initiator_id
left join users recipient on recipient.id = c.recipient_id
left join lateral (
  -- The newest message the member still has: usually the conversation's last one, unless they deleted it.
  select * from messages x
  where x.conversation_id = c.id and x.id > page.cleared_up_to_id and ${visibleToViewerSql("x", "$1")}
  order by x.id desc limit 1
) last on true
left join message_images image on image.id = last.image_id
order by page.starred desc, page.last_message_at desc, page.conversation_id desc`;

export interface ListStatementInput {
  viewerId: number;
  usernamePrefix: string | undefined;
  onlyUnread: boolean;
  onlyRead: boolean;
  page: number;
  pageSize: number;
  fictionalPartnersOnly: boolean;
}

export function conversationListStatement(input: ListStatementInput): PreparedStatement {
  const pattern = input.usernamePrefix ? likePrefixPattern(input.usernamePrefix.toLowerCase()) : null;
  return {
    name: "conversation_list_v3",
    text: listText,
    values: [
      input.viewerId,
      pattern,
      input.onlyUnread,
      input.onlyRead,
      input.page,
      input.pageSize,
      (input.page - 1) * input.pageSize,
      input.fictionalPartnersOnly,
    ],
  };
}

/**
 * $1 viewer id, $2 conversation uuid, $3 after (exclusive, 0 for none), $4
 * before (exclusive). Newest first, or oldest first when catching up: two
 * statements, as the order decides which end of the index is read. A
 * conversation the viewer is not part of answers no row at all; one with no
 * messages in range answers one row without a message.
 */
const historyText = (order: "asc" | "desc") => `select c.id, c.uuid, ${messageColumns("message")},
  sender.uuid as sender_uuid, sender.username as sender_username, sender.gender as sender_gender,
  ${photoOf("sender")} as sender_photo_key
from conversations c
join conversation_members m on m.conversation_id = c.id and m.user_id = $1
left join lateral (
  select * from messages x
  where x.conversation_id = c.id and x.id > greatest(m.cleared_up_to_id, $3::bigint) and x.id < $4::bigint
    and ${visibleToViewerSql("x", "$1")}
  order by x.id ${order} limit $5
) message on true
left join users sender on sender.id = message.from_id
left join message_images image on image.id = message.image_id
where c.uuid = $2::uuid
order by message.id ${order}`;

const historyTexts = { asc: historyText("asc"), desc: historyText("desc") };

const NO_UPPER_BOUND = "9223372036854775807";

export function conversationHistoryStatement(input: {
  viewerId: number;
  conversationUuid: string;
  after: number | undefined;
  before: number | undefined;
  limit: number;
}): PreparedStatement {
  const order = input.after !== undefined ? "asc" : "desc";
  return {
    name: `conversation_history_${order}_v2`,
    text: historyTexts[order],
    values: [input.viewerId, input.conversationUuid, input.after ?? 0, input.before ?? NO_UPPER_BOUND, input.limit],
  };
}

/** int8 arrives as a string from node-postgres and as a bigint or number from PGlite. */
const id = (value: unknown) => Number(value);

export interface ListRowRaw extends Record<string, unknown> {
  starred_total: unknown;
  others_total: unknown;
  id: unknown;
}

export interface ConversationListEntry {
  conversation: ConversationSource;
  initiator: PartySource;
  recipient: PartySource;
  lastMessage: MessageSource | null;
}

function partyFrom(row: Record<string, unknown>, alias: string, userId: number): PartySource {
  return {
    id: userId,
    uuid: row[`${alias}_uuid`] as string,
    username: row[`${alias}_username`] as string,
    gender: row[`${alias}_gender`] as string,
    lastActiveAt: new Date(row[`${alias}_last_active_at`] as Date | string),
    isFictional: row[`${alias}_is_fictional`] as boolean,
    onlineHours: (row[`${alias}_online_hours`] as number[] | null) ?? [],
    photoKey: (row[`${alias}_photo_key`] as string | null) ?? null,
    available: row[`${alias}_available`] === true,
  };
}

/** The message columns of a row, with its sender's details, or null when the row has none. */
function messageFrom(
  row: Record<string, unknown>,
  conversationUuid: string,
  sender: Pick<PartySource, "uuid" | "username" | "gender" | "photoKey">,
): MessageSource | null {
  if (row.message_id === null || row.message_id === undefined) return null;
  return {
    id: id(row.message_id),
    clientId: row.client_id as string,
    conversationUuid,
    fromId: id(row.from_id),
    toId: id(row.to_id),
    type: row.message_type as string,
    text: (row.message_text as string | null) ?? null,
    createdAt: new Date(row.message_created_at as Date | string),
    readAt: row.read_at ? new Date(row.read_at as Date | string) : null,
    fromUuid: sender.uuid,
    fromUsername: sender.username,
    fromGender: sender.gender,
    fromPhotoKey: sender.photoKey,
    imageKey: (row.image_key as string | null) ?? null,
    imageWidth: (row.image_width as number | null) ?? null,
    imageHeight: (row.image_height as number | null) ?? null,
  };
}

export function readConversationList(rows: ListRowRaw[]) {
  const first = rows[0];
  const entries: ConversationListEntry[] = rows.flatMap((row) => {
    if (row.id === null || row.id === undefined) return [];
    const conversation: ConversationSource = {
      id: id(row.id),
      uuid: row.uuid as string,
      initiatorId: id(row.initiator_id),
      recipientId: id(row.recipient_id),
      updatedAt: new Date(row.updated_at as Date | string),
      starred: row.starred as boolean,
      unreadCount: Number(row.unread_count),
    };
    const initiator = partyFrom(row, "initiator", conversation.initiatorId);
    const recipient = partyFrom(row, "recipient", conversation.recipientId);
    const sender = id(row.from_id) === initiator.id ? initiator : recipient;
    return [{ conversation, initiator, recipient, lastMessage: messageFrom(row, conversation.uuid, sender) }];
  });
  return {
    entries,
    starredTotal: first ? Number(first.starred_total) : 0,
    othersTotal: first ? Number(first.others_total) : 0,
  };
}

/** undefined when the viewer is not part of the conversation; otherwise its messages in the statement's order. */
export function readConversationHistory(rows: Record<string, unknown>[]): MessageSource[] | undefined {
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) => {
    const message = messageFrom(row, row.uuid as string, {
      uuid: row.sender_uuid as string,
      username: row.sender_username as string,
      gender: row.sender_gender as string,
      photoKey: (row.sender_photo_key as string | null) ?? null,
    });
    return message ? [message] : [];
  });
}
