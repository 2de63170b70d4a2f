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
import { timestamps } from "./columns";
import { users } from "./members";

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
    /** A private upright original is stored (photos uploaded before framing existed have none): it can be re-framed. */
    hasOriginal: boolean("has_original").notNull().default(false),
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
