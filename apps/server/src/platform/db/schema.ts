import { sql } from "drizzle-orm";
import {
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
    birthdate: date("birthdate", { mode: "string" }).notNull(),
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
    features: jsonb("features").$type<Record<string, string | boolean>>().notNull().default({}),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_uuid_unique").on(table.uuid),
    uniqueIndex("users_username_lower_unique").on(sql`lower(${table.username})`),
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    index("users_browse_idx").on(table.gender, table.state, table.lastActiveAt),
    check("users_gender_check", sql`${table.gender} in ('male', 'female')`),
    check("users_seeking_check", sql`${table.seeking} in ('male', 'female', 'both')`),
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
    ...timestamps,
  },
  (table) => [
    uniqueIndex("photos_uuid_unique").on(table.uuid),
    index("photos_user_idx").on(table.userId),
    check("photos_status_check", sql`${table.status} in ('pending', 'approved', 'rejected')`),
  ],
);
