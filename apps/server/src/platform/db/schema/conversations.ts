import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./members";

/** One conversation per pair of members; `initiator` wrote (or liked, or winked) first. */
export const conversations = pgTable(
  "conversations",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    initiatorId: bigint("initiator_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: bigint("recipient_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastMessageId: bigint("last_message_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Time of the last message: the list's order. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("conversations_uuid_unique").on(table.uuid),
    uniqueIndex("conversations_pair_unique").on(
      sql`least(${table.initiatorId}, ${table.recipientId})`,
      sql`greatest(${table.initiatorId}, ${table.recipientId})`,
    ),
    check("conversations_two_members", sql`${table.initiatorId} <> ${table.recipientId}`),
  ],
);

/** Each participant's own view of a conversation: star, unread count, and what they deleted. */
export const conversationMembers = pgTable(
  "conversation_members",
  {
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    partnerId: bigint("partner_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    starred: boolean("starred").notNull().default(false),
    unreadCount: integer("unread_count").notNull().default(0),
    /** Messages this member received here (spec §3 received_messages_count is their sum). */
    receivedCount: integer("received_count").notNull().default(0),
    /** Deleting a conversation hides the messages up to this id for this member only. */
    clearedUpToId: bigint("cleared_up_to_id", { mode: "number" }).notNull().default(0),
    /** Copy of the conversation's last-message time, so a member's list is one index scan. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageId: bigint("last_message_id", { mode: "number" }).notNull().default(0),
  },
  (table) => [
    uniqueIndex("conversation_members_pk").on(table.userId, table.conversationId),
    index("conversation_members_list_idx").on(table.userId, table.starred, table.lastMessageAt),
    index("conversation_members_unread_idx").on(table.userId).where(sql`${table.unreadCount} > 0`),
  ],
);

/** Images sent in conversations: uploaded first, attached to one message, shown only to its two members. */
export const messageImages = pgTable(
  "message_images",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    ownerId: bigint("owner_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("message_images_uuid_unique").on(table.uuid)],
);

/** Messages (spec §3). `client_id` makes sending idempotent per sender. */
export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    fromId: bigint("from_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toId: bigint("to_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 10 }).notNull(),
    text: text("text"),
    imageId: bigint("image_id", { mode: "number" }).references(() => messageImages.id, { onDelete: "set null" }),
    clientId: uuid("client_id").notNull(),
    /** Credits this message cost (0 when free or sent under the 24-hour pass). */
    price: integer("price").notNull().default(0),
    /** The operator who wrote it as a fictional profile. Staff-only: no member-facing presenter reads it. */
    operatorId: bigint("operator_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Deleted by its sender for themselves only: the recipient keeps their copy. */
    hiddenForSender: boolean("hidden_for_sender").notNull().default(false),
    /** Deleted by its recipient for themselves only: the sender keeps theirs. */
    hiddenForRecipient: boolean("hidden_for_recipient").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("messages_client_id_unique").on(table.fromId, table.clientId),
    uniqueIndex("messages_image_unique").on(table.imageId),
    index("messages_conversation_idx").on(table.conversationId, table.id),
    index("messages_unread_idx").on(table.conversationId, table.toId).where(sql`${table.readAt} is null`),
    // Operator statistics: replies by operator and time.
    index("messages_operator_idx").on(table.operatorId, table.createdAt).where(sql`${table.operatorId} is not null`),
    check("messages_type_check", sql`${table.type} in ('text', 'image', 'wink', 'like', 'trigger')`),
  ],
);
