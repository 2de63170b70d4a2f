import { fillMessage, validationMessages } from "../validation/messages";
import { z } from "../validation/z";
import { MESSAGE_TEXT_MAX } from "./conversations";
import { resourceResponse } from "./envelope";
import { ZProfileCardSchema, ZPublicProfileSchema } from "./profiles";

/** A taken conversation stays with its operator this long unless renewed. */
export const OPERATOR_LOCK_SECONDS = 6 * 60;
/** Conversations one operator may hold at once. */
export const OPERATOR_MAX_LOCKS = 2;
export const OPERATOR_QUEUE_LIMIT = 100;
export const NOTE_TEXT_MAX = 1000;
export const OPERATOR_HISTORY_PAGE = 30;

export const noteCategories = [
  { key: "name", label: "Name" },
  { key: "city", label: "City" },
  { key: "job", label: "Job" },
  { key: "relationship", label: "Relationship" },
  { key: "hobbies", label: "Hobbies" },
  { key: "important_dates", label: "Important dates" },
  { key: "preferences", label: "Preferences" },
  { key: "other", label: "Other" },
] as const;
export type TNoteCategory = (typeof noteCategories)[number]["key"];
const noteCategoryKeys = noteCategories.map((category) => category.key) as [TNoteCategory, ...TNoteCategory[]];

export const templateKinds = ["canned", "first_contact"] as const;
export type TTemplateKind = (typeof templateKinds)[number];

/** Short codes are typed as `/code` in the composer. */
export const TEMPLATE_CODE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,29}$/;

const ZStaffSchema = z.object({ uuid: z.string(), username: z.string() });

export const ZOperatorLockSchema = z.object({
  conversation_uuid: z.string(),
  operator: ZStaffSchema,
  expires_at: z.string(),
  /** Whole seconds left, from the database clock, so a browser clock that is off does not matter. */
  seconds_left: z.number().int(),
  mine: z.boolean(),
});
export type TOperatorLock = z.infer<typeof ZOperatorLockSchema>;
export const ZOperatorLockResponseSchema = resourceResponse(ZOperatorLockSchema);

export const ZOperatorQueueQuerySchema = z.object({
  /** A fictional profile's uuid. */
  profile: z.uuid().optional(),
  /** A member's uuid, or the start of their username. */
  member: z.string().trim().min(1).max(36).optional(),
});
export type TOperatorQueueQuery = z.input<typeof ZOperatorQueueQuerySchema>;

export const ZOperatorQueueItemSchema = z.object({
  conversation_uuid: z.string(),
  member: ZProfileCardSchema,
  profile: ZProfileCardSchema,
  last_message: z.object({ type: z.string(), text: z.string().nullable(), created_at: z.string() }),
  /** The member's first message since the profile last wrote. */
  waiting_since: z.string(),
  waiting_seconds: z.number().int(),
  unanswered_count: z.number().int(),
  /** The waiting messages include a text or a photo (false: winks and likes only, which wait behind texts). */
  wrote_text: z.boolean(),
  /** Bought credits in the last 30 days, or has a running pass or VIP: ahead of the rest at equal wait. */
  paying: z.boolean(),
  lock: ZOperatorLockSchema.nullable(),
});
export type TOperatorQueueItem = z.infer<typeof ZOperatorQueueItemSchema>;

export const ZOperatorQueueResponseSchema = z.object({
  data: z.array(ZOperatorQueueItemSchema),
  meta: z.object({
    /** Waiting conversations matching the filters (the list shows the first 100). */
    total: z.number().int(),
    /** Conversations the caller holds now, waiting or not. */
    my_locks: z.array(ZOperatorLockSchema),
    max_locks: z.number().int(),
  }),
});
export type TOperatorQueueResponse = z.infer<typeof ZOperatorQueueResponseSchema>;

/**
 * One conversation's new state on `private-operator.queue` (event `queue.changed`), sent to every console after
 * the change committed. `entry` is the queue entry as GET /api/operator/queue presents it, or null when the
 * conversation no longer waits (answered, or its member left). `lock` is the live hold, also on a conversation
 * that no longer waits (kept after a reply). Every `mine` here is false: the event goes to all staff, and each
 * console compares `lock.operator.uuid` with its own. `assigned_operators`: the profile's assigned operators'
 * uuids; empty means any operator answers it (a console leaves out what it may not answer, as the queue does).
 */
export const ZOperatorQueueChangeSchema = z.object({
  conversation_uuid: z.string(),
  entry: ZOperatorQueueItemSchema.nullable(),
  lock: ZOperatorLockSchema.nullable(),
  assigned_operators: z.array(z.string()),
});
export type TOperatorQueueChange = z.infer<typeof ZOperatorQueueChangeSchema>;
export interface TOperatorQueueChanged {
  changes: TOperatorQueueChange[];
}

/** The fictional profiles operators answer as, for the queue's profile filter (`search`: start of the username). */
export const ZOperatorProfilesQuerySchema = z.object({ search: z.string().trim().min(1).max(30).optional() });
export const ZOperatorProfilesResponseSchema = z.object({ data: z.array(ZProfileCardSchema) });
export type TOperatorProfilesResponse = z.infer<typeof ZOperatorProfilesResponseSchema>;
export const OPERATOR_PROFILES_LIMIT = 50;

/** A message as the console shows it: which side wrote it, and which operator (staff eyes only). */
export const ZOperatorMessageSchema = z.object({
  id: z.number().int(),
  side: z.enum(["member", "profile"]),
  type: z.string(),
  text: z.string().nullable(),
  image: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  operator: ZStaffSchema.nullable(),
});
export type TOperatorMessage = z.infer<typeof ZOperatorMessageSchema>;

export const ZOperatorMessagesQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(OPERATOR_HISTORY_PAGE),
});

export const ZOperatorMessagesResponseSchema = z.object({
  /** Oldest first, as the conversation reads. */
  data: z.array(ZOperatorMessageSchema),
  meta: z.object({ has_more: z.boolean() }),
});

export const ZMemberNoteSchema = z.object({
  id: z.number().int(),
  member_uuid: z.string(),
  category: z.enum(noteCategoryKeys),
  text: z.string(),
  author: ZStaffSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TMemberNote = z.infer<typeof ZMemberNoteSchema>;

export const ZOperatorContextSchema = z.object({
  conversation: z.object({ uuid: z.string(), created_at: z.string() }),
  lock: ZOperatorLockSchema.nullable(),
  messages: z.array(ZOperatorMessageSchema),
  has_more: z.boolean(),
  member: ZPublicProfileSchema.extend({
    account: z.object({
      member_since: z.string(),
      email_verified: z.boolean(),
      deactivated: z.boolean(),
      credits: z.number().int(),
      has_unli_message: z.boolean(),
      vip: z.boolean(),
      messages_sent: z.number().int(),
      credits_spent: z.number().int(),
    }),
  }),
  profile: ZPublicProfileSchema.extend({ online_hours: z.array(z.number().int()) }),
  /** The member's other conversations with fictional profiles, most recent first, with their last messages. */
  history: z.array(
    z.object({
      conversation_uuid: z.string(),
      profile: ZProfileCardSchema,
      last_message_at: z.string(),
      messages: z.array(ZOperatorMessageSchema),
    }),
  ),
  notes: z.array(ZMemberNoteSchema),
});
export type TOperatorContext = z.infer<typeof ZOperatorContextSchema>;
export const ZOperatorContextResponseSchema = resourceResponse(ZOperatorContextSchema);

export const ZOperatorReplyRequestSchema = z
  .object({
    type: z.enum(["text", "image"]),
    text: z.string().trim().max(MESSAGE_TEXT_MAX).optional(),
    /** One of the fictional profile's approved photos (its uuid). */
    photo_id: z.uuid().optional(),
    client_id: z.uuid(),
    /** The operator saw the contact-details warnings and sends anyway. */
    confirm_warnings: z.boolean().default(false),
    /** Keep the conversation (renewed) for a follow-up; by default replying hands it back. */
    keep_lock: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    if (body.type === "text" && !body.text) {
      context.addIssue({
        code: "custom",
        path: ["text"],
        message: fillMessage(validationMessages.required, { field: "text" }),
      });
    }
    if (body.type === "image" && !body.photo_id) {
      context.addIssue({
        code: "custom",
        path: ["photo_id"],
        message: fillMessage(validationMessages.required, { field: "photo id" }),
      });
    }
  });
export type TOperatorReplyRequest = z.input<typeof ZOperatorReplyRequestSchema>;

export const ZOperatorReplyResponseSchema = resourceResponse(
  z.object({ message: ZOperatorMessageSchema, lock: ZOperatorLockSchema.nullable() }),
);

export const ZCheckTextRequestSchema = z.object({ text: z.string().max(MESSAGE_TEXT_MAX) });
export const ZCheckTextResponseSchema = resourceResponse(
  z.object({
    warnings: z.array(
      z.object({
        kind: z.enum(["phone", "email", "link"]),
        match: z.string(),
        start: z.number().int(),
        end: z.number().int(),
        message: z.string(),
      }),
    ),
  }),
);

export const ZMemberNoteRequestSchema = z.object({
  category: z.enum(noteCategoryKeys),
  text: z.string().trim().min(1).max(NOTE_TEXT_MAX),
});
export type TMemberNoteRequest = z.input<typeof ZMemberNoteRequestSchema>;
export const ZMemberNoteResponseSchema = resourceResponse(ZMemberNoteSchema);
export const ZMemberNotesResponseSchema = z.object({ data: z.array(ZMemberNoteSchema) });

export const ZOperatorTemplateSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(templateKinds),
  text: z.string(),
  /** Only offered when answering as this fictional profile; null for every profile. */
  profile: ZStaffSchema.nullable(),
  updated_at: z.string(),
});
export type TOperatorTemplate = z.infer<typeof ZOperatorTemplateSchema>;

export const ZOperatorTemplateRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(TEMPLATE_CODE_PATTERN, { error: "The code may only contain lowercase letters, digits, - and _" }),
  kind: z.enum(templateKinds),
  text: z.string().trim().min(1).max(MESSAGE_TEXT_MAX),
  profile_uuid: z.uuid().nullable().default(null),
});
export type TOperatorTemplateRequest = z.input<typeof ZOperatorTemplateRequestSchema>;
export const ZOperatorTemplateResponseSchema = resourceResponse(ZOperatorTemplateSchema);
export const ZOperatorTemplatesResponseSchema = z.object({ data: z.array(ZOperatorTemplateSchema) });
export const ZOperatorTemplatesQuerySchema = z.object({ profile: z.uuid().optional() });

const ZDateQuery = z.iso.date();
export const ZOperatorStatsQuerySchema = z.object({
  /** First day counted (the site's calendar), default 6 days before `to`. */
  from: ZDateQuery.optional(),
  /** Last day counted, inclusive; default today. */
  to: ZDateQuery.optional(),
});

const ZStatsRowSchema = z.object({
  operator: ZStaffSchema,
  replies: z.number().int(),
  /** Clock hours in which the operator sent at least one reply. */
  active_hours: z.number().int(),
  /** Replies per active hour. */
  replies_per_hour: z.number(),
  /** Median seconds from the member's first unanswered message to the reply; null without first responses. */
  median_first_response_seconds: z.number().nullable(),
});

export const ZOperatorStatsResponseSchema = resourceResponse(
  z.object({
    from: z.string(),
    to: z.string(),
    operators: z.array(ZStatsRowSchema),
    days: z.array(ZStatsRowSchema.extend({ day: z.string() })),
  }),
);
export type TOperatorStats = z.infer<typeof ZOperatorStatsResponseSchema>["data"];

export const operatorMessages = {
  lockTaken: "Another operator is answering this conversation.",
  tooManyLocks: `You can hold at most ${OPERATOR_MAX_LOCKS} conversations at a time. Reply to or release one first.`,
  lockRequired: "Take this conversation before replying: your hold on it has expired or was released.",
  lockNotHeld: "You do not hold this conversation.",
  alreadyAnswered:
    "This conversation has already been answered. It comes back to the queue when the member writes again.",
  photoUnavailable: "Choose one of this profile's approved photos.",
  contactDetails: "The text contains contact details. Check the warnings and confirm to send anyway.",
  cannotReply: "This member cannot receive messages from this profile.",
  codeTaken: "This code is already used by another template.",
  notFictional: "Choose one of the fictional profiles.",
  notAssigned: "This profile is answered by the operators assigned to it.",
  statsRange: "The stats range may cover at most 92 days, from a day on or before the last.",
} as const;
