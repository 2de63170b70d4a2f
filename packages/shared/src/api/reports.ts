import { z } from "../validation/z";
import { ZEmailSchema } from "./auth";
import { ZAltchaPayloadSchema } from "./bot-check";

export const reportReasons = [
  { key: "fake_profile", label: "Fake profile" },
  { key: "harassment", label: "Harassment or threats" },
  { key: "spam_or_scam", label: "Spam or scam" },
  { key: "underage", label: "Looks under 18" },
  { key: "inappropriate_photo", label: "Inappropriate photo" },
  { key: "offensive_language", label: "Offensive language" },
  { key: "trafficking_or_exploitation", label: "Trafficking or exploitation" },
  { key: "other", label: "Something else" },
] as const;

export const ZReportRequestSchema = z.object({
  reported_uuid: z.uuid().optional(),
  photo_uuid: z.uuid().optional(),
  reason: z.enum(reportReasons.map((reason) => reason.key) as [string, ...string[]]),
  details: z.string().trim().max(2000).default(""),
  /** Guests must leave an address for the acknowledgement; members' own address is used. */
  email: ZEmailSchema.optional(),
  captcha_token: z.string().max(4000).optional(),
  bot_check_token: z.string().max(4000).optional(),
  altcha: ZAltchaPayloadSchema,
});
export type TReportRequest = z.input<typeof ZReportRequestSchema>;

export const reportMessages = {
  received: "Thank you. Your report has been received and our team will review it.",
  emailRequired: "Please fill in a valid email address",
} as const;

/** The acknowledgement of a report: only the message, nothing about what was filed. */
export const ZReportReceivedResponseSchema = z.object({ message: z.string() });
