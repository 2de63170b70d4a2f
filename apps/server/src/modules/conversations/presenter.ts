import type { TConversation, TConversationParty, TMessage, TMessageType } from "@velvet/shared/api/conversations";
import type { AppConfig } from "../../platform/config";
import type { FileStorage } from "../../platform/storage/storage";
import { signedMediaUrl } from "../photos";
import { defaultAvatar, isOnlineNow, photoUrls } from "../profiles";

export interface MessagePresentation {
  storage: FileStorage;
  config: AppConfig;
}

export interface PartySource {
  id: number;
  uuid: string;
  username: string;
  gender: string;
  lastActiveAt: Date;
  isFictional: boolean;
  onlineHours: number[];
  photoKey: string | null;
  /** Not suspended, deactivated or deleted (the conversation takes messages). */
  available: boolean;
}

export interface MessageSource {
  id: number;
  clientId: string;
  conversationUuid: string;
  fromId: number;
  toId: number;
  type: string;
  text: string | null;
  createdAt: Date;
  readAt: Date | null;
  fromUuid: string;
  fromUsername: string;
  fromGender: string;
  fromPhotoKey: string | null;
  imageKey: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}

/** Conversation images are private: the file sits where only a signed, expiring URL reaches it. */
export function messageImageFileKey(storageKey: string): string {
  return `private/${storageKey}-large.webp`;
}

export function presentParty(
  party: PartySource,
  context: { storage: FileStorage; now: number; hour: number },
): TConversationParty {
  return {
    id: party.id,
    uuid: party.uuid,
    username: party.username,
    gender: party.gender === "male" ? "male" : "female",
    primary_photo: {
      url: party.photoKey ? photoUrls(context.storage, party.photoKey).thumb : defaultAvatar(party.gender).thumb,
    },
    // Someone no longer available is never shown as online to the people they wrote with.
    online: party.available && isOnlineNow(party, context.now, context.hour),
    last_active_at: party.lastActiveAt.toISOString(),
    available: party.available,
  };
}

/** `viewerId` null: the copy broadcast to both members, who fill in their own id. */
export function presentMessage(row: MessageSource, viewerId: number | null, context: MessagePresentation): TMessage {
  return {
    id: row.id,
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
    from_id: row.fromId,
    to_id: row.toId,
    viewer_id: viewerId,
    conversation: row.conversationUuid,
    from: {
      uuid: row.fromUuid,
      username: row.fromUsername,
      primary_photo: {
        url: row.fromPhotoKey
          ? photoUrls(context.storage, row.fromPhotoKey).thumb
          : defaultAvatar(row.fromGender).thumb,
      },
    },
    type: row.type as TMessageType,
    text: row.text,
    image:
      row.imageKey && row.imageWidth && row.imageHeight
        ? {
            url: signedMediaUrl(context.config, messageImageFileKey(row.imageKey)),
            width: row.imageWidth,
            height: row.imageHeight,
          }
        : null,
  };
}

export interface ConversationSource {
  id: number;
  uuid: string;
  initiatorId: number;
  recipientId: number;
  updatedAt: Date;
  starred: boolean;
  unreadCount: number;
}

export function presentConversation(
  row: ConversationSource,
  viewer: { id: number; uuid: string },
  parties: { initiator: TConversationParty; recipient: TConversationParty },
  lastMessage: TMessage | null,
): TConversation {
  const chatmate = row.initiatorId === viewer.id ? parties.recipient : parties.initiator;
  return {
    id: row.id,
    conversation_id: row.id,
    uuid: row.uuid,
    initiator_id: row.initiatorId,
    recipient_id: row.recipientId,
    initiator: parties.initiator,
    recipient: parties.recipient,
    viewer_id: viewer.id,
    viewer: { id: viewer.id, uuid: viewer.uuid },
    chatmate,
    star: row.starred,
    is_unread: row.unreadCount > 0,
    unread_count: row.unreadCount,
    updated_at: row.updatedAt.toISOString(),
    last_message: lastMessage,
  };
}
