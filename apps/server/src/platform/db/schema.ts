import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/**
 * The one pg-core schema, used with both PGlite and node-postgres.
 * Migrations in ../../../drizzle are generated from this file by drizzle-kit
 * and never edited once committed.
 */

export interface UserPreferences {
  search?: Record<string, string | number | boolean | null>;
  email?: { notifications?: boolean; newsletter?: boolean };
}

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Members, operators, admins and the fictional profiles operators answer as. */
export const users = pgTable(
  "users",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    username: varchar("username", { length: 20 }).notNull(),
    email: varchar("email", { length: 320 }),
    passwordHash: text("password_hash"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    roles: text("roles").array().notNull().default(sql`'{member}'::text[]`),
    isFictional: boolean("is_fictional").notNull().default(false),
    /** Null only once an account is deleted and its personal data removed. */
    birthdate: date("birthdate", { mode: "string" }),
    gender: varchar("gender", { length: 6 }).notNull(),
    seeking: varchar("seeking", { length: 6 }).notNull(),
    state: varchar("state", { length: 3 }),
    city: varchar("city", { length: 80 }).notNull(),
    headline: varchar("headline", { length: 120 }),
    aboutMe: text("about_me"),
    bodyType: smallint("body_type").notNull().default(1),
    eyeColor: smallint("eye_color").notNull().default(1),
    hairColor: smallint("hair_color").notNull().default(1),
    tattoosPiercings: smallint("tattoos_piercings").notNull().default(1),
    heightCm: smallint("height_cm"),
    relationshipStatus: smallint("relationship_status"),
    lookingFor: smallint("looking_for"),
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    /** Fictional profiles: the hours of the site's day (0-23, SITE_TIMEZONE) when they show as online. */
    onlineHours: smallint("online_hours").array().notNull().default(sql`'{}'::smallint[]`),
    features: jsonb("features").$type<Record<string, string | boolean>>().notNull().default({}),
    /** Saved search filters and email settings (spec §3 `preferences`). */
    preferences: jsonb("preferences").$type<UserPreferences>().notNull().default({}),
    /** Review accounts (payment-provider or store reviewers): no duration channel, no promotions. */
    isReviewAccount: boolean("is_review_account").notNull().default(false),
    termsVersion: varchar("terms_version", { length: 20 }),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
    campaign: jsonb("campaign").$type<Record<string, string | number>>(),
    deviceId: varchar("device_id", { length: 128 }),
    registrationIp: varchar("registration_ip", { length: 45 }),
    /** A new address waiting for its verification link; the old one stays in use until then. */
    pendingEmail: varchar("pending_email", { length: 320 }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /** Counters shown in the navbar (spec §3); stored for speed, recomputable from the tables below. */
    visitsCount: integer("visits_count").notNull().default(0),
    newVisitorsCount: integer("new_visitors_count").notNull().default(0),
    unreadFavoritesCount: integer("unread_favorites_count").notNull().default(0),
    receivedWinksCount: integer("received_winks_count").notNull().default(0),
    /** The credit balance: always the sum of the member's `credit_ledger` rows, never below 0. */
    credits: integer("credits").notNull().default(0),
    /** When the last notification digest email went out (at most one every 15 minutes). */
    lastNotificationEmailAt: timestamp("last_notification_email_at", { withTimezone: true }),
    /** The 24-hour unlimited-message pass lasts until this moment (has_unli_message while in the future). */
    unlimitedUntil: timestamp("unlimited_until", { withTimezone: true }),
    /** The pass end already announced on the duration channel (PassEnded): equal to unlimited_until once told. */
    unlimitedEndAnnounced: timestamp("unlimited_end_announced", { withTimezone: true }),
    /** VIP membership lasts until this moment. */
    vipUntil: timestamp("vip_until", { withTimezone: true }),
    /** When the member took the free credits offered instead of deleting their account (once per account). */
    deletionOfferClaimedAt: timestamp("deletion_offer_claimed_at", { withTimezone: true }),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    /**
     * An admin's ban, separate from the member's own deactivation (which they may undo): while set the account
     * cannot sign in, refresh or reactivate, and its profile is hidden everywhere.
     */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedReason: varchar("suspended_reason", { length: 500 }),
    suspendedById: bigint("suspended_by_id", { mode: "number" }).references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_uuid_unique").on(table.uuid),
    uniqueIndex("users_username_lower_unique").on(sql`lower(${table.username})`),
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    // Browsing (issue 5, bench/README.md): each sort and filter starts from an index over live accounts.
    index("users_browse_idx")
      .on(table.gender, table.state, table.lastActiveAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.deactivatedAt} is null`),
    index("users_browse_recent_idx")
      .on(table.lastActiveAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.deactivatedAt} is null`),
    index("users_browse_city_idx")
      .on(sql`lower(${table.city})`, table.lastActiveAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.deactivatedAt} is null`),
    // The pass-expiry watcher's scan: members whose pass end has not been announced yet.
    index("users_pass_end_pending_idx")
      .on(table.unlimitedUntil)
      .where(sql`${table.unlimitedUntil} is distinct from ${table.unlimitedEndAnnounced}`),
    index("users_browse_newest_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.deactivatedAt} is null`),
    check("users_gender_check", sql`${table.gender} in ('male', 'female')`),
    check("users_seeking_check", sql`${table.seeking} in ('male', 'female', 'both')`),
    check("users_credits_not_negative", sql`${table.credits} >= 0`),
  ],
);

/** Profile photos. Files live in storage under `storageKey`; sizes are derived from it. */
export const photos = pgTable(
  "photos",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    isPrimary: boolean("is_primary").notNull().default(false),
    status: varchar("status", { length: 10 }).notNull().default("pending"),
    /** The member's chosen order in their gallery. */
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("photos_uuid_unique").on(table.uuid),
    index("photos_user_idx").on(table.userId),
    // The approved primary photo of a card, read from the index alone.
    index("photos_primary_approved_idx")
      .on(table.userId, table.storageKey)
      .where(sql`${table.isPrimary} and ${table.status} = 'approved'`),
    check("photos_status_check", sql`${table.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * A signed-in device. The access token names its session (`sid`), so revoking
 * the session ends both the refresh token and the access token at once.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Set when an operator signed in as the member: such sessions cannot buy or change credentials. */
    impersonatorId: bigint("impersonator_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    ip: varchar("ip", { length: 45 }),
    userAgent: varchar("user_agent", { length: 400 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId)],
);

/** Rotating refresh tokens of one session (its family), stored hashed. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** The successor pair, encrypted, kept only for the grace window so two tabs refreshing together agree. */
    successorCiphertext: text("successor_ciphertext"),
  },
  (table) => [
    uniqueIndex("refresh_tokens_hash_unique").on(table.tokenHash),
    index("refresh_tokens_session_idx").on(table.sessionId),
  ],
);

/** Single-use tokens sent by email (verify, reset password), stored hashed. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 20 }).notNull(),
    email: varchar("email", { length: 320 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("email_tokens_hash_unique").on(table.tokenHash),
    index("email_tokens_user_idx").on(table.userId, table.purpose),
    check("email_tokens_purpose_check", sql`${table.purpose} in ('verify_email', 'reset_password')`),
  ],
);

/** Single-use impersonation tokens an operator issues for a member (5 minutes). */
export const impersonationTokens = pgTable(
  "impersonation_tokens",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("impersonation_tokens_hash_unique").on(table.tokenHash)],
);

/** Who did what to whom: operator and admin actions, impersonation, account changes. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: bigint("actor_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    action: varchar("action", { length: 60 }).notNull(),
    targetUserId: bigint("target_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    ip: varchar("ip", { length: 45 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("audit_log_target_idx").on(table.targetUserId), index("audit_log_actor_idx").on(table.actorId)],
);

/** Clicks on navigation controls (spec §7 /user-track-clicks), for product reporting. */
export const clickEvents = pgTable(
  "click_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    deviceId: varchar("device_id", { length: 128 }),
    sectionType: varchar("section_type", { length: 40 }).notNull(),
    buttonType: varchar("button_type", { length: 40 }).notNull(),
    status: varchar("status", { length: 10 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("click_events_created_idx").on(table.createdAt)],
);

/**
 * Real-time events recorded inside the business transaction and delivered after
 * commit; rows still undelivered at start (a crash between commit and delivery)
 * are delivered then.
 */
export const realtimeOutbox = pgTable(
  "realtime_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    channel: varchar("channel", { length: 200 }).notNull(),
    event: varchar("event", { length: 100 }).notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (table) => [index("realtime_outbox_pending_idx").on(table.id).where(sql`${table.deliveredAt} is null`)],
);

/** One row per counted visit: a viewer's visit counts once per profile per hour. */
export const profileVisits = pgTable(
  "profile_visits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    viewerId: bigint("viewer_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    profileId: bigint("profile_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("profile_visits_profile_idx").on(table.profileId, table.createdAt),
    index("profile_visits_pair_idx").on(table.viewerId, table.profileId, table.createdAt),
  ],
);

/** Likes, winks, favorites and blocks between two members: one row per kind and ordered pair. */
export const interactions = pgTable(
  "interactions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar("kind", { length: 10 }).notNull(),
    fromUserId: bigint("from_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toUserId: bigint("to_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("interactions_pair_unique").on(table.kind, table.fromUserId, table.toUserId),
    index("interactions_target_idx").on(table.toUserId, table.kind, table.createdAt),
    check("interactions_kind_check", sql`${table.kind} in ('like', 'wink', 'favorite', 'block')`),
  ],
);

/** Notifications (spec §3): the bell's list; `data` holds the resource's data object. */
export const notifications = pgTable(
  "notifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromUserId: bigint("from_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    actionType: varchar("action_type", { length: 30 }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** The member was away when it arrived (a message, wink or like): it waits for the next email digest. */
    emailDue: boolean("email_due").notNull().default(false),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("notifications_user_idx").on(table.userId, table.id),
    index("notifications_email_due_idx")
      .on(table.userId, table.id)
      .where(sql`${table.emailDue} and ${table.emailedAt} is null`),
    index("notifications_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

/** Reports of members or photos, from members or guests, for the admin queue. */
export const reports = pgTable(
  "reports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: bigint("reporter_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    reporterEmail: varchar("reporter_email", { length: 320 }),
    reportedUserId: bigint("reported_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    photoId: bigint("photo_id", { mode: "number" }).references(() => photos.id, { onDelete: "set null" }),
    reason: varchar("reason", { length: 30 }).notNull(),
    details: text("details").notNull().default(""),
    status: varchar("status", { length: 15 }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("reports_status_idx").on(table.status, table.createdAt),
    check("reports_status_check", sql`${table.status} in ('pending', 'under_review', 'accepted', 'rejected')`),
  ],
);

/** What moderators wrote while handling a report (issue 10), oldest first; kept when the author leaves. */
export const reportNotes = pgTable(
  "report_notes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reportId: bigint("report_id", { mode: "number" })
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    authorId: bigint("author_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("report_notes_report_idx").on(table.reportId, table.id)],
);

/**
 * Append-only credit ledger: every change of a balance is one row, and
 * `users.credits` always equals the sum of a member's rows (`npm run ledger:check`).
 * (reason, reference) is unique, so a payment or bonus is credited exactly once.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amount: integer("amount").notNull(),
    reason: varchar("reason", { length: 30 }).notNull(),
    reference: varchar("reference", { length: 100 }).notNull(),
    /** The balance right after this row, for statements and audits. */
    balanceAfter: integer("balance_after").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("credit_ledger_reason_reference_unique").on(table.reason, table.reference),
    index("credit_ledger_user_idx").on(table.userId, table.id),
    check("credit_ledger_amount_not_zero", sql`${table.amount} <> 0`),
  ],
);

/** Price in credits of each message type; seeded from configuration, edited by admins. */
export const messagePrices = pgTable(
  "message_prices",
  {
    type: varchar("type", { length: 10 }).primaryKey(),
    credits: integer("credits").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("message_prices_credits_not_negative", sql`${table.credits} >= 0`)],
);

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

/** Senders a member muted: no notification from them is created until unmuted. */
export const notificationMutes = pgTable(
  "notification_mutes",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mutedUserId: bigint("muted_user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("notification_mutes_pair_unique").on(table.userId, table.mutedUserId)],
);

/** Notification popups shown or clicked (spec §7 /site-popups), for reporting. */
export const sitePopupEvents = pgTable(
  "site_popup_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    profileUserId: bigint("profile_user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    notificationType: varchar("notification_type", { length: 30 }).notNull(),
    actionType: varchar("action_type", { length: 10 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("site_popup_events_created_idx").on(table.createdAt),
    check("site_popup_events_action_check", sql`${table.actionType} in ('IMPRESSION', 'CLICKED')`),
  ],
);

/** Clicks on browser push notifications (spec §7 /push-notification-clicks), for reporting. */
export const pushNotificationClicks = pgTable(
  "push_notification_clicks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    x: integer("x").notNull(),
    t: integer("t").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("push_notification_clicks_created_idx").on(table.createdAt)],
);

/**
 * The credit store's products (spec §1): credit packages, the 24-hour pass and
 * VIP membership. Data, not code: written once from the default catalogue and
 * edited by admins afterwards; `code` names a product across those edits.
 */
export const creditPackages = pgTable(
  "credit_packages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    code: varchar("code", { length: 40 }).notNull(),
    kind: varchar("kind", { length: 10 }).notNull(),
    name: varchar("name", { length: 60 }).notNull(),
    credits: integer("credits").notNull().default(0),
    bonusCredits: integer("bonus_credits").notNull().default(0),
    /** AUD cents, GST included. */
    priceCents: integer("price_cents").notNull(),
    currency: varchar("currency", { length: 3 }).notNull().default("AUD"),
    /** A pass or membership lasts this long from purchase (or from the end of the current one). */
    durationHours: integer("duration_hours"),
    highlight: varchar("highlight", { length: 30 }),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("credit_packages_code_unique").on(table.code),
    check("credit_packages_kind_check", sql`${table.kind} in ('credits', 'pass', 'vip')`),
    check("credit_packages_amounts_check", sql`${table.credits} >= 0 and ${table.bonusCredits} >= 0`),
    check("credit_packages_price_check", sql`${table.priceCents} > 0`),
    check(
      "credit_packages_duration_check",
      sql`(${table.kind} = 'credits') = (${table.durationHours} is null) and coalesce(${table.durationHours}, 1) > 0`,
    ),
  ],
);

/** Seasonal promotions (spec §1): a window and an offer; the one running now is the member's `eventName`. */
export const promotions = pgTable(
  "promotions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: 20 }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    discountPercent: smallint("discount_percent").notNull().default(0),
    bonusPercent: smallint("bonus_percent").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("promotions_name_start_unique").on(table.name, table.startsAt),
    index("promotions_window_idx").on(table.endsAt, table.startsAt),
    check("promotions_window_check", sql`${table.endsAt} > ${table.startsAt}`),
    check(
      "promotions_offer_check",
      sql`${table.discountPercent} between 0 and 90 and ${table.bonusPercent} between 0 and 200`,
    ),
  ],
);

/**
 * A purchase, with what it buys frozen at creation (prices and packages may
 * change later). pending -> paid | failed, paid -> refunded; the ledger rows
 * that credit it reference `payment:{id}`.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    packageId: bigint("package_id", { mode: "number" })
      .notNull()
      .references(() => creditPackages.id, { onDelete: "restrict" }),
    kind: varchar("kind", { length: 10 }).notNull(),
    packageName: varchar("package_name", { length: 60 }).notNull(),
    /** The package's own credits, its bonus included: one `purchase` ledger row. */
    credits: integer("credits").notNull(),
    /** Each of these is its own ledger row (`promotion`, `vip_bonus`), so the package's credits stay visible. */
    promoBonusCredits: integer("promo_bonus_credits").notNull().default(0),
    vipBonusCredits: integer("vip_bonus_credits").notNull().default(0),
    durationHours: integer("duration_hours"),
    priceCents: integer("price_cents").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    promotionName: varchar("promotion_name", { length: 20 }),
    gateway: varchar("gateway", { length: 20 }).notNull(),
    /** The provider's own id for this payment, once it has one. */
    gatewayReference: varchar("gateway_reference", { length: 100 }),
    status: varchar("status", { length: 10 }).notNull().default("pending"),
    /** The single-use `custom1` sign-in value of the return URL, stored hashed. */
    custom1Hash: varchar("custom1_hash", { length: 64 }).notNull(),
    custom1ExpiresAt: timestamp("custom1_expires_at", { withTimezone: true }).notNull(),
    custom1UsedAt: timestamp("custom1_used_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("payments_user_idx").on(table.userId, table.createdAt),
    uniqueIndex("payments_custom1_unique").on(table.custom1Hash),
    uniqueIndex("payments_gateway_reference_unique").on(table.gateway, table.gatewayReference),
    index("payments_status_idx").on(table.status),
    check("payments_status_check", sql`${table.status} in ('pending', 'paid', 'failed', 'refunded')`),
    check("payments_kind_check", sql`${table.kind} in ('credits', 'pass', 'vip')`),
    check(
      "payments_amounts_check",
      sql`${table.credits} >= 0 and ${table.promoBonusCredits} >= 0 and ${table.vipBonusCredits} >= 0 and ${table.priceCents} > 0`,
    ),
  ],
);

/**
 * Every provider notification processed, once: the unique (gateway, event_id)
 * makes a repeated delivery a no-op, in the same transaction as its effect.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    gateway: varchar("gateway", { length: 20 }).notNull(),
    eventId: varchar("event_id", { length: 100 }).notNull(),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    type: varchar("type", { length: 20 }).notNull(),
    /** What it did: applied, ignored (nothing left to do), or rejected (it disagreed with the payment). */
    outcome: varchar("outcome", { length: 20 }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payment_events_event_unique").on(table.gateway, table.eventId),
    index("payment_events_payment_idx").on(table.paymentId),
  ],
);

/** Accounts an admin should look at, e.g. a refund the balance could not cover (the shortfall is recorded). */
export const accountFlags = pgTable(
  "account_flags",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    reason: varchar("reason", { length: 30 }).notNull(),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    /** Credits a refund should have taken back but the balance did not hold. */
    creditsShort: integer("credits_short").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [
    index("account_flags_user_idx").on(table.userId),
    uniqueIndex("account_flags_payment_reason_unique").on(table.paymentId, table.reason),
    index("account_flags_open_idx").on(table.createdAt).where(sql`${table.resolvedAt} is null`),
  ],
);

/** A/B test exposures and clicks (spec §7 /ab-test-events), for reporting. */
export const abTestEvents = pgTable(
  "ab_test_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    abTestType: varchar("ab_test_type", { length: 30 }).notNull(),
    groupName: varchar("group_name", { length: 10 }).notNull(),
    value: varchar("value", { length: 10 }).notNull(),
    eventName: varchar("event_name", { length: 20 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ab_test_events_report_idx").on(table.abTestType, table.eventName, table.groupName, table.value)],
);

/**
 * Content pages (spec §3 Static page): FAQ, legal and affiliate texts, stored as
 * sanitised HTML. Written at start from the reviewed texts in
 * modules/content/pages; `source_hash` is the hash of the text a row was last
 * written from, so a row nobody edited follows the repository, and an editor
 * who changes a page sets it to null to keep their version.
 */
export const staticPages = pgTable(
  "static_pages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    slug: varchar("slug", { length: 60 }).notNull(),
    title: varchar("title", { length: 150 }).notNull(),
    metaTitle: varchar("meta_title", { length: 150 }).notNull(),
    metaDescription: varchar("meta_description", { length: 300 }).notNull(),
    content: text("content").notNull(),
    sourceHash: varchar("source_hash", { length: 64 }),
    ...timestamps,
  },
  (table) => [uniqueIndex("static_pages_slug_unique").on(table.slug)],
);

/**
 * Questions from the contact forms (/contact, /contact-us, /submit-request,
 * /helpdesk), from members or guests, for the admin queue. The sender's IP is
 * kept only as a keyed hash, enough to spot one source flooding the queue.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    email: varchar("email", { length: 320 }).notNull(),
    name: varchar("name", { length: 100 }),
    subject: varchar("subject", { length: 150 }).notNull(),
    category: varchar("category", { length: 20 }).notNull(),
    message: text("message").notNull(),
    source: varchar("source", { length: 20 }).notNull(),
    status: varchar("status", { length: 10 }).notNull().default("open"),
    ipHash: varchar("ip_hash", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedById: bigint("closed_by_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("support_tickets_uuid_unique").on(table.uuid),
    index("support_tickets_status_idx").on(table.status, table.createdAt),
    index("support_tickets_user_idx").on(table.userId),
    check("support_tickets_status_check", sql`${table.status} in ('open', 'closed')`),
    check("support_tickets_category_check", sql`${table.category} in ('account', 'payments', 'technical', 'other')`),
    check(
      "support_tickets_source_check",
      sql`${table.source} in ('contact', 'contact-us', 'submit-request', 'helpdesk')`,
    ),
  ],
);

/**
 * Who is answering a conversation as its fictional profile (issue 10). One row
 * per conversation; a row whose `expires_at` has passed is free to take, so an
 * operator who walks away never blocks a member for longer than the lock lasts.
 */
export const conversationLocks = pgTable(
  "conversation_locks",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint("conversation_id", { mode: "number" })
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("conversation_locks_conversation_unique").on(table.conversationId),
    // Counting an operator's live locks (at most 2).
    index("conversation_locks_operator_idx").on(table.operatorId, table.expiresAt),
  ],
);

/** What operators learned about a member, by category, shown to every operator who takes the member later. */
export const memberNotes = pgTable(
  "member_notes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: varchar("category", { length: 20 }).notNull(),
    text: text("text").notNull(),
    authorId: bigint("author_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    index("member_notes_member_idx").on(table.memberId, table.category),
    check(
      "member_notes_category_check",
      sql`${table.category} in ('name', 'city', 'job', 'relationship', 'hobbies', 'important_dates', 'preferences', 'other')`,
    ),
  ],
);

/** Canned replies and first-contact openers, typed in the console as `/code`; optionally for one fictional profile. */
export const operatorTemplates = pgTable(
  "operator_templates",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    code: varchar("code", { length: 30 }).notNull(),
    kind: varchar("kind", { length: 15 }).notNull(),
    text: text("text").notNull(),
    profileId: bigint("profile_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("operator_templates_code_unique").on(table.code),
    check("operator_templates_kind_check", sql`${table.kind} in ('canned', 'first_contact')`),
  ],
);

/** Answers admins sent to a support ticket by email (issue 10), oldest first. */
export const supportTicketReplies = pgTable(
  "support_ticket_replies",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint("ticket_id", { mode: "number" })
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    authorId: bigint("author_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("support_ticket_replies_ticket_idx").on(table.ticketId, table.id)],
);

/* ---- Fictional profiles admin (issue 10) ---- */

/**
 * Which operators answer a fictional profile. A profile with no rows here is
 * answered by any operator; once it has rows, only those operators (and
 * admins) see its conversations in the queue or may take and answer them.
 */
export const fictionalProfileOperators = pgTable(
  "fictional_profile_operators",
  {
    profileId: bigint("profile_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    operatorId: bigint("operator_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("fictional_profile_operators_pair_unique").on(table.profileId, table.operatorId),
    // The queue's question per operator: which profiles are mine.
    index("fictional_profile_operators_operator_idx").on(table.operatorId),
  ],
);

/* --- Triggers (issue 10) --- */

/**
 * Messages fictional profiles send on their own (type `trigger`): `registered`
 * fires `delay_minutes` after a member registers, `inactive` once a member
 * has been away that long. `profile_id` null: a random online fictional
 * profile the member would be shown. Admins edit them; the trigger job sends.
 */
export const triggers = pgTable(
  "triggers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: 80 }).notNull(),
    event: varchar("event", { length: 12 }).notNull(),
    delayMinutes: integer("delay_minutes").notNull(),
    text: text("text").notNull(),
    profileId: bigint("profile_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
    /** How many times this trigger may reach one member: once per registration or inactive spell. */
    maxPerMember: integer("max_per_member").notNull().default(1),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check("triggers_event_check", sql`${table.event} in ('registered', 'inactive')`),
    check("triggers_delay_check", sql`${table.delayMinutes} > 0`),
    check("triggers_max_per_member_check", sql`${table.maxPerMember} > 0`),
  ],
);

/**
 * One trigger message sent to one member. `occurrence_at` is what the trigger
 * counted from (the registration, or the last activity before the inactive
 * spell), copied from the member's row by the insert itself: the unique index
 * makes a trigger fire at most once per member and occurrence, however many
 * processes run the job. Kept when its trigger is deleted, for the daily cap.
 */
export const triggerDeliveries = pgTable(
  "trigger_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    triggerId: bigint("trigger_id", { mode: "number" }).references(() => triggers.id, { onDelete: "set null" }),
    memberId: bigint("member_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    profileId: bigint("profile_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    messageId: bigint("message_id", { mode: "number" }).references(() => messages.id, { onDelete: "set null" }),
    occurrenceAt: timestamp("occurrence_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("trigger_deliveries_occurrence_unique").on(table.triggerId, table.memberId, table.occurrenceAt),
    // The daily cap: a member's trigger messages of the last 24 hours.
    index("trigger_deliveries_member_idx").on(table.memberId, table.sentAt),
    index("trigger_deliveries_trigger_idx").on(table.triggerId, table.sentAt),
  ],
);

/**
 * The one durable queue for work that happens after a change commits (mail first): a job is inserted in the
 * same transaction as the change that causes it, claimed by any server process with FOR UPDATE SKIP LOCKED,
 * retried with backoff until `max_attempts`, and kept once done (`completed_at`) or given up (`failed_at`).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar("kind", { length: 40 }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(25),
    /** A claim lasts until this moment; a process that dies mid-job lets it go when the claim runs out. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: varchar("locked_by", { length: 100 }),
    lastError: text("last_error"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("jobs_due_idx")
      .on(table.runAt, table.id)
      .where(sql`${table.completedAt} is null and ${table.failedAt} is null`),
    index("jobs_kind_idx").on(table.kind, table.createdAt),
  ],
);

/**
 * Per-member daily counters of actions that notify other members (likes, winks): the cap counts what was done,
 * so undoing and redoing an action still counts twice. `day` is the site's calendar day (SITE_TIMEZONE).
 */
export const memberActionCounts = pgTable(
  "member_action_counts",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [uniqueIndex("member_action_counts_unique").on(table.userId, table.kind, table.day)],
);
