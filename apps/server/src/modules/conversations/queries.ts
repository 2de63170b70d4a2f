import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/client";
import { conversations, messageImages, messages } from "../../platform/db/schema/conversations";
import { users } from "../../platform/db/schema/members";
import { primaryPhotoKeyFor } from "../profiles";
import type { MessageSource, PartySource } from "./presenter";

const sender = alias(users, "sender");

/** Messages with everything their resource shows (conversation uuid, sender, image). */
export function selectMessages(db: Db) {
  return db
    .select({
      id: messages.id,
      clientId: messages.clientId,
      conversationUuid: conversations.uuid,
      fromId: messages.fromId,
      toId: messages.toId,
      type: messages.type,
      text: messages.text,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
      fromUuid: sender.uuid,
      fromUsername: sender.username,
      fromGender: sender.gender,
      fromPhotoKey: primaryPhotoKeyFor("sender"),
      imageKey: messageImages.storageKey,
      imageWidth: messageImages.width,
      imageHeight: messageImages.height,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(sender, eq(sender.id, messages.fromId))
    .leftJoin(messageImages, eq(messageImages.id, messages.imageId));
}

export async function loadMessagesById(db: Db, ids: number[]): Promise<Map<number, MessageSource>> {
  if (ids.length === 0) return new Map();
  const rows = await selectMessages(db).where(inArray(messages.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function loadMessage(db: Db, where: SQL): Promise<MessageSource | undefined> {
  const [row] = await selectMessages(db).where(where).limit(1);
  return row;
}

export function messageByClientId(db: Db, fromId: number, clientId: string) {
  return loadMessage(db, and(eq(messages.fromId, fromId), eq(messages.clientId, clientId)) as SQL);
}

/** The people of a conversation list: name, gender, activity and approved primary photo. */
export async function loadParties(db: Db, ids: number[]): Promise<Map<number, PartySource>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      uuid: users.uuid,
      username: users.username,
      gender: users.gender,
      lastActiveAt: users.lastActiveAt,
      isFictional: users.isFictional,
      onlineHours: users.onlineHours,
      photoKey: primaryPhotoKeyFor("users"),
      available: sql<boolean>`(${users.deletedAt} is null and ${users.deactivatedAt} is null
        and ${users.suspendedAt} is null)`,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}
