import { z } from "../validation/z";
import { MESSAGE_TEXT_MAX } from "./conversations";
import { resourceResponse } from "./envelope";

/**
 * Admin: triggers, messages fictional profiles send on their own
 * (message type `trigger`): to a member some minutes after registering, or
 * to a member inactive for a while.
 */
export const triggerEvents = ["registered", "inactive"] as const;
export type TTriggerEvent = (typeof triggerEvents)[number];

/** A registration happens once; an inactive spell can come back, so a trigger may reach one member this often. */
export const TRIGGER_MAX_PER_MEMBER = 20;
/** Three months: a trigger later than that would never find a member it could still reach. */
export const TRIGGER_MAX_DELAY_MINUTES = 90 * 24 * 60;

/** The same placeholders as the operator desk's templates: the member's username, the profile's, the member's city. */
export const triggerPlaceholders = ["member", "profile", "city"] as const;
export type TTriggerPlaceholderValues = Record<(typeof triggerPlaceholders)[number], string>;

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The text a member receives: each known placeholder filled in. */
export function fillTriggerText(text: string, values: TTriggerPlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, key: string) =>
    (triggerPlaceholders as readonly string[]).includes(key) ? values[key as keyof TTriggerPlaceholderValues] : whole,
  );
}

export const triggerMessages = {
  unknownPlaceholder: (placeholder: string) =>
    `{${placeholder}} is not a placeholder: use {member}, {profile} or {city}`,
  registeredOnce: "A registration trigger can reach a member only once: set the limit to 1",
  notFictional: "Choose one of the fictional profiles.",
} as const;

export const ZAdminTriggerRequestSchema = z
  .object({
    name: z.string().trim().min(2).max(80),
    event: z.enum(triggerEvents),
    /** After registration, or since the member was last active. */
    delay_minutes: z.number().int().min(1).max(TRIGGER_MAX_DELAY_MINUTES),
    text: z.string().trim().min(1).max(MESSAGE_TEXT_MAX),
    /** The fictional profile that sends it; null: a random online fictional profile the member would be shown. */
    profile_uuid: z.uuid().nullable().default(null),
    /** How many times this trigger may reach one member (once per registration or inactive spell). */
    max_per_member: z.number().int().min(1).max(TRIGGER_MAX_PER_MEMBER).default(1),
    active: z.boolean().default(true),
  })
  .superRefine((trigger, issues) => {
    for (const [, key] of trigger.text.matchAll(PLACEHOLDER)) {
      if (key !== undefined && !(triggerPlaceholders as readonly string[]).includes(key)) {
        issues.addIssue({ code: "custom", path: ["text"], message: triggerMessages.unknownPlaceholder(key) });
        return;
      }
    }
    if (trigger.event === "registered" && trigger.max_per_member > 1) {
      issues.addIssue({ code: "custom", path: ["max_per_member"], message: triggerMessages.registeredOnce });
    }
  });
export type TAdminTriggerRequest = z.input<typeof ZAdminTriggerRequestSchema>;

const ZPartySchema = z.object({ uuid: z.string(), username: z.string() });

export const ZAdminTriggerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  event: z.enum(triggerEvents),
  delay_minutes: z.number().int(),
  text: z.string(),
  /** null: a random online fictional profile. */
  profile: ZPartySchema.nullable(),
  max_per_member: z.number().int(),
  active: z.boolean(),
  deliveries: z.object({
    total: z.number().int(),
    last_24_hours: z.number().int(),
    last_sent_at: z.string().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAdminTrigger = z.infer<typeof ZAdminTriggerSchema>;

export const ZAdminTriggersResponseSchema = z.object({
  data: z.array(ZAdminTriggerSchema),
  /** The cap over every trigger together: at most this many trigger messages per member in any 24 hours. */
  meta: z.object({ daily_limit_per_member: z.number().int() }),
});
export const ZAdminTriggerResponseSchema = resourceResponse(ZAdminTriggerSchema);
export const ZAdminTriggerParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

export const ZAdminTriggerDeliverySchema = z.object({
  id: z.number().int(),
  member: ZPartySchema,
  profile: ZPartySchema.nullable(),
  sent_at: z.string(),
});
export type TAdminTriggerDelivery = z.infer<typeof ZAdminTriggerDeliverySchema>;
/** The latest 50 deliveries of one trigger, newest first. */
export const ZAdminTriggerDeliveriesResponseSchema = z.object({ data: z.array(ZAdminTriggerDeliverySchema) });
export const ZAdminTriggerDeletedResponseSchema = z.object({ data: z.object({ deleted: z.boolean() }) });
