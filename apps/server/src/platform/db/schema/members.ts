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
import { timestamps } from "./columns";

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
    /** Likes and winks since the member last opened that tab of "Likes you". */
    newLikesCount: integer("new_likes_count").notNull().default(0),
    newWinksCount: integer("new_winks_count").notNull().default(0),
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
     * Who closed the account: the member themselves, or an admin. An account an admin closed cannot reopen itself;
     * only an admin lifts it.
     */
    deactivatedById: bigint("deactivated_by_id", { mode: "number" }).references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
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
    // Browsing (bench/README.md): each sort and filter starts from an index over live accounts.
    index("users_browse_idx")
      .on(table.gender, table.state, table.lastActiveAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.deactivatedAt} is null`),
    index("users_browse_recent_idx")
      .on(table.lastActiveAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.deactivatedAt} is null`),
    // A part of a username anywhere in it (the search's username filter): trigrams, as a b-tree cannot find a
    // middle. Without it a rare part read every member (~110 ms at 100,000; pg_trgm, migration 0028).
    index("users_username_trgm_idx")
      .using("gin", sql`lower(${table.username}) gin_trgm_ops`)
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
    // The fictional profiles, a few thousand among every member: the operator queue starts from them (on the
    // busy-evening benchmark a scan of 100,000 members was half of the queue statement's time; bench/README.md).
    index("users_fictional_idx").on(table.id).where(sql`${table.isFictional}`),
    check("users_gender_check", sql`${table.gender} in ('male', 'female')`),
    check("users_seeking_check", sql`${table.seeking} in ('male', 'female', 'both')`),
    check("users_credits_not_negative", sql`${table.credits} >= 0`),
    // Only fictional profiles keep an online schedule; the "online now" search relies on it (profiles/online.ts).
    check("users_online_hours_fictional_only", sql`${table.isFictional} or cardinality(${table.onlineHours}) = 0`),
  ],
);

export interface UserPreferences {
  /** The last search and up to five saved ones, each as its address-bar parameters. */
  search?: {
    last?: Record<string, string> | null;
    saved?: Array<{ id: string; name: string; params: Record<string, string>; created_at: string }>;
  };
  email?: { notifications?: boolean; newsletter?: boolean };
  /** Per kind, by email and by push (platform/members/notification-settings.ts reads it with its defaults). */
  notifications?: Partial<Record<"messages" | "likes" | "winks" | "favorites" | "visits", NotificationChannels>>;
}

export interface NotificationChannels {
  email?: boolean;
  push?: boolean;
}
