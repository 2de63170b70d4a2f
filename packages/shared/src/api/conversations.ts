import { fillMessage, validationMessages } from "../validation/messages";
import { z } from "../validation/z";
import { resourceResponse } from "./envelope";

export const MESSAGE_TEXT_MAX = 2000;
export const CONVERSATION_PAGE_SIZE = 10;
export const HISTORY_PAGE_DEFAULT = 30;
export const HISTORY_PAGE_MAX = 100;

/** Types a member can send; `like` comes from liking a profile and `trigger` from operators. */
export const sendableMessageTypes = ["text", "image", "wink"] as const;
export const messageTypes = ["text", "image", "wink", "like", "trigger"] as const;
export type TMessageType = (typeof messageTypes)[number];

export const ZSendMessageSchema = z
  .object({
    type: z.enum(sendableMessageTypes),
    text: z.string().trim().max(MESSAGE_TEXT_MAX).optional(),
    /** The uuid an image upload (`POST /api/message-images`) answered with. */
    photo: z.uuid().optional(),
    /** Made by the client once per message: a retry with the same id returns the first message, charged once. */
    client_id: z.uuid(),
  })
  .superRefine((body, context) => {
    if (body.type === "text" && !body.text) {
      context.addIssue({
        code: "custom",
        path: ["text"],
        message: fillMessage(validationMessages.required, { field: "text" }),
      });
    }
    if (body.type === "image" && !body.photo) {
      context.addIssue({
        code: "custom",
        path: ["photo"],
        message: fillMessage(validationMessages.required, { field: "photo" }),
      });
    }
  });
export type TSendMessage = z.input<typeof ZSendMessageSchema>;

const ZPartySchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  username: z.string(),
  gender: z.enum(["male", "female"]),
  /** Approved primary photo, or the default avatar by gender. */
  primary_photo: z.object({ url: z.string() }),
  online: z.boolean(),
  last_active_at: z.string(),
  /**
   * False once the account is suspended, deactivated or deleted: the conversation stays readable but takes no
   * more messages, and the web app shows "This member is no longer available" instead of the composer.
   */
  available: z.boolean(),
});
export type TConversationParty = z.infer<typeof ZPartySchema>;

export const ZMessageSchema = z.object({
  id: z.number().int(),
  client_id: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  from_id: z.number().int(),
  to_id: z.number().int(),
  /** The member the resource was prepared for; real-time copies carry null and the client fills it in. */
  viewer_id: z.number().int().nullable(),
  conversation: z.string(),
  from: z.object({ uuid: z.string(), username: z.string(), primary_photo: z.object({ url: z.string() }) }),
  type: z.enum(messageTypes),
  text: z.string().nullable(),
  /** Image messages only: a signed URL valid for a limited time, given only to the two members. */
  image: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
});
export type TMessage = z.infer<typeof ZMessageSchema>;

export const ZConversationSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  uuid: z.string(),
  initiator_id: z.number().int(),
  recipient_id: z.number().int(),
  initiator: ZPartySchema,
  recipient: ZPartySchema,
  viewer_id: z.number().int(),
  viewer: z.object({ id: z.number().int(), uuid: z.string() }),
  /** The chat partner: the recipient when the viewer is the initiator, otherwise the initiator. */
  chatmate: ZPartySchema,
  star: z.boolean(),
  is_unread: z.boolean(),
  unread_count: z.number().int(),
  updated_at: z.string(),
  last_message: ZMessageSchema.nullable(),
});
export type TConversation = z.infer<typeof ZConversationSchema>;

const booleanFlag = z
  .union([z.boolean(), z.enum(["1", "0", "true", "false"])])
  .optional()
  .transform((value) => value === true || value === "1" || value === "true");

export const ZConversationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  username: z.string().trim().max(20).optional(),
  only_read: booleanFlag,
  only_unread: booleanFlag,
  /** Accepted for the generic resource layer; recipient, initiator, their photos and the last message always come. */
  include: z.string().max(200).optional(),
});

export const ZConversationListResponseSchema = z.object({
  data: z.array(ZConversationSchema),
  meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    /** Conversations that are not starred; starred ones all come first on page 1. */
    total: z.number().int(),
    starred_conversations: z.number().int(),
  }),
});

export const ZConversationResponseSchema = resourceResponse(ZConversationSchema);

export const ZHistoryQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
});

export const ZHistoryResponseSchema = z.object({
  /** `before` (or neither): newest first. `after`: oldest first, for catching up after a reconnect. */
  data: z.array(ZMessageSchema),
  meta: z.object({ has_more: z.boolean() }),
});

export const ZSendMessageResponseSchema = resourceResponse(
  ZMessageSchema.extend({
    /** The sender's balance and pass after sending, so the composer can update at once. */
    sender: z.object({ credits: z.number().int(), has_unli_message: z.boolean() }),
  }),
);

export const ZMarkReadSchema = z.object({ up_to_id: z.number().int().positive() });

export const ZMessageImageResponseSchema = resourceResponse(
  z.object({ uuid: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() }),
);

/** 402 when the balance does not cover the message: nothing was written. */
export const ZNotEnoughCreditsSchema = z.object({ message: z.string(), credits_needed: z.number().int() });

export const messagingMessages = {
  notEnoughCredits: "Not enough credits",
  cannotMessage: "You cannot send messages to this member.",
  /** In place of the composer when the partner's account is suspended, deactivated or deleted. */
  memberUnavailable: "This member is no longer available",
  notWhileImpersonating: "Messages cannot be sent while signed in as a member.",
  imageUnavailable: "This image cannot be sent.",
  /** In place of an image whose sender deleted their account (the file is gone). */
  imageRemoved: "Image removed",
} as const;
