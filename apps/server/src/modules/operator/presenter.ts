import type { TMemberNote, TOperatorLock, TOperatorMessage } from "@velvet/shared/api/operator";
import type { TProfileCard } from "@velvet/shared/api/profiles";
import { todayInTimezone } from "@velvet/shared/validation/age";
import type { AppContext } from "../../platform/app-context";
import type { memberNotes } from "../../platform/db/schema/operator";
import { messageImageFileKey } from "../conversations";
import { signedMediaUrl } from "../photos";
import { type PresentationContext, presentCard, siteHour } from "../profiles";

/*
 * Console presenters. These are the only shapes that carry an operator's
 * identity (who wrote a message, who holds a lock); they are served under
 * /api/operator only. The member-facing presenters in conversations/ never
 * read messages.operator_id.
 */

export function presentationContext(context: AppContext): PresentationContext {
  const { siteTimezone } = context.config;
  return {
    storage: context.storage,
    today: todayInTimezone(siteTimezone),
    now: Date.now(),
    hour: siteHour(siteTimezone),
  };
}

/** A card from raw SQL columns named `${prefix}_…`. */
export function cardFromRow(row: Record<string, unknown>, prefix: string, context: PresentationContext): TProfileCard {
  const column = (name: string) => row[`${prefix}_${name}`];
  return presentCard(
    {
      uuid: column("uuid") as string,
      username: column("username") as string,
      gender: column("gender") as string,
      birthdate: (column("birthdate") as string | null) ?? null,
      state: (column("state") as string | null) ?? null,
      city: column("city") as string,
      headline: (column("headline") as string | null) ?? null,
      lastActiveAt: new Date(column("last_active_at") as string | Date),
      isFictional: Boolean(column("is_fictional")),
      onlineHours: (column("online_hours") as number[] | null) ?? [],
      primaryPhotoKey: (column("photo_key") as string | null) ?? null,
    },
    context,
  );
}

/** The card columns of the `users` row known as `alias`, named `${alias}_…` (for cardFromRow). */
export function cardColumns(alias: string): string {
  return ["uuid", "username", "gender", "birthdate", "state", "city", "headline", "last_active_at", "is_fictional"]
    .map((column) => `${alias}.${column} as ${alias}_${column}`)
    .concat(
      `${alias}.online_hours as ${alias}_online_hours`,
      `(select p.storage_key from photos p where p.user_id = ${alias}.id and p.is_primary and p.status = 'approved' limit 1) as ${alias}_photo_key`,
    )
    .join(", ");
}

export interface LockSource {
  conversationUuid: string;
  operatorId: number;
  operatorUuid: string;
  operatorUsername: string;
  expiresAt: Date;
  secondsLeft: number;
}

export function presentLock(lock: LockSource, viewerId: number): TOperatorLock {
  return {
    conversation_uuid: lock.conversationUuid,
    operator: { uuid: lock.operatorUuid, username: lock.operatorUsername },
    expires_at: lock.expiresAt.toISOString(),
    seconds_left: Math.max(0, Math.round(lock.secondsLeft)),
    mine: lock.operatorId === viewerId,
  };
}

export interface OperatorMessageSource {
  id: number;
  fromId: number;
  type: string;
  text: string | null;
  createdAt: Date;
  readAt: Date | null;
  imageKey: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  operatorUuid: string | null;
  operatorUsername: string | null;
}

export function presentOperatorMessage(
  row: OperatorMessageSource,
  memberId: number,
  context: AppContext,
): TOperatorMessage {
  return {
    id: row.id,
    side: row.fromId === memberId ? "member" : "profile",
    type: row.type,
    text: row.text,
    image:
      row.imageKey && row.imageWidth && row.imageHeight
        ? {
            url: signedMediaUrl(context.config, messageImageFileKey(row.imageKey)),
            width: row.imageWidth,
            height: row.imageHeight,
          }
        : null,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
    operator:
      row.operatorUuid && row.operatorUsername ? { uuid: row.operatorUuid, username: row.operatorUsername } : null,
  };
}

export function presentNote(
  row: typeof memberNotes.$inferSelect,
  memberUuid: string,
  author: { uuid: string; username: string } | null,
): TMemberNote {
  return {
    id: row.id,
    member_uuid: memberUuid,
    category: row.category as TMemberNote["category"],
    text: row.text,
    author,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
