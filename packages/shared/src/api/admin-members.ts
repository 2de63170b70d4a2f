import { z } from "../validation/z";
import { ZAdminAccountFlagSchema } from "./admin-payments";
import { ZAdminReportSchema } from "./admin-reports";
import { ZOwnPhotoSchema } from "./photos";

/** Admin: members. Search by username, email or uuid; one member's account, ledger, payments, reports. */
export const ZAdminMemberSearchQuerySchema = z.object({ q: z.string().trim().min(2).max(320) });

export const ZAdminMemberSummarySchema = z.object({
  uuid: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  is_fictional: z.boolean(),
  credits: z.number().int(),
  created_at: z.string(),
  last_active_at: z.string(),
  deactivated_at: z.string().nullable(),
  /** An admin's ban: when, why, and by whom; null while the account is not suspended. */
  suspension: z
    .object({
      suspended_at: z.string(),
      reason: z.string(),
      /** Null when the admin's account is gone. */
      suspended_by: z.object({ uuid: z.string(), username: z.string() }).nullable(),
    })
    .nullable(),
  deleted_at: z.string().nullable(),
});
export type TAdminMemberSummary = z.infer<typeof ZAdminMemberSummarySchema>;
export const ZAdminMemberSearchResponseSchema = z.object({ data: z.array(ZAdminMemberSummarySchema) });

export const ZAdminLedgerRowSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  reference: z.string(),
  balance_after: z.number().int(),
  created_at: z.string(),
  /** An admin adjustment's written reason (kept in the audit log); null for other rows. */
  note: z.string().nullable(),
});
export const ZAdminPaymentRowSchema = z.object({
  id: z.string(),
  kind: z.string(),
  package_name: z.string(),
  credits: z.number().int(),
  price_cents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  charged_back_at: z.string().nullable(),
  /** The gateway's id for the refund an admin asked for; set while a refund awaits the gateway's confirmation. */
  refund_reference: z.string().nullable(),
});
export type TAdminPaymentRow = z.infer<typeof ZAdminPaymentRowSchema>;
export const ZAdminPaymentResponseSchema = z.object({ data: ZAdminPaymentRowSchema });
export const ZAdminMemberDetailResponseSchema = z.object({
  data: ZAdminMemberSummarySchema.extend({
    email_verified_at: z.string().nullable(),
    features: z.record(z.string(), z.union([z.string(), z.boolean()])),
    unlimited_until: z.string().nullable(),
    vip_until: z.string().nullable(),
    /** The latest 50 ledger rows, newest first. */
    ledger: z.array(ZAdminLedgerRowSchema),
    /** The latest 20 payments, newest first. */
    payments: z.array(ZAdminPaymentRowSchema),
    /** Flags an admin has not cleared yet (refund shortfalls, chargebacks), oldest first. */
    account_flags: z.array(ZAdminAccountFlagSchema),
    /** The latest 20 reports about the member, newest first. */
    reports_against: z.array(ZAdminReportSchema),
    /** The latest 20 reports the member filed, newest first. */
    reports_by: z.array(ZAdminReportSchema),
    /** Every photo of theirs, whatever its status, in gallery order (pending and rejected ones behind signed URLs). */
    photos: z.array(ZOwnPhotoSchema.omit({ original_url: true }).extend({ uploaded_at: z.string() })),
    /** What other members read on their profile. */
    profile: z.object({
      headline: z.string().nullable(),
      about_me: z.string().nullable(),
      gender: z.string(),
      seeking: z.string(),
      city: z.string(),
      state: z.string().nullable(),
      birthdate: z.string().nullable(),
      interests: z.array(z.string()),
    }),
    /** Their conversations and messages, counted (never read here). */
    conversations: z.object({
      total: z.number().int(),
      started: z.number().int(),
      messages_sent: z.number().int(),
      messages_received: z.number().int(),
    }),
  }),
});

/**
 * What the members page shows before any search: the newest sign-ups and the members with open
 * reports against them. Real members only: staff and fictional profiles are found by search.
 */
export const ZAdminMembersOverviewResponseSchema = z.object({
  data: z.object({
    /** The 20 latest sign-ups, newest first. */
    newest: z.array(ZAdminMemberSummarySchema),
    /** Members with pending or under-review reports against them, most reported first (at most 20). */
    reported: z.array(
      ZAdminMemberSummarySchema.extend({ open_reports: z.number().int(), last_reported_at: z.string() }),
    ),
  }),
});
export type TAdminMembersOverview = z.infer<typeof ZAdminMembersOverviewResponseSchema>["data"];

/**
 * A credit adjustment with its reason, written as one ledger row (reason admin_adjustment). `adjustment_id`,
 * made by the admin's browser, makes a retried request apply once. A negative amount never takes a balance below 0.
 */
export const ZAdminCreditAdjustmentRequestSchema = z.object({
  amount: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((amount) => amount !== 0, { error: "The amount field must not be 0" }),
  reason: z.string().trim().min(3).max(200),
  adjustment_id: z.uuid(),
});
export type TAdminCreditAdjustmentRequest = z.input<typeof ZAdminCreditAdjustmentRequestSchema>;
export const ZAdminCreditAdjustmentResponseSchema = z.object({
  data: z.object({
    /** False when this adjustment_id was applied before (a retry): nothing changed. */
    applied: z.boolean(),
    balance: z.number().int(),
  }),
});

export type TAdminMemberDetail = z.infer<typeof ZAdminMemberDetailResponseSchema>["data"];

export const ZAdminMemberStatusResponseSchema = z.object({ data: ZAdminMemberSummarySchema });

/** Suspending a member: the reason is kept on the account and in the audit log. */
export const ZAdminSuspendRequestSchema = z.object({ reason: z.string().trim().min(3).max(500) });
export type TAdminSuspendRequest = z.input<typeof ZAdminSuspendRequestSchema>;

/** Admin: photo moderation. */
export const ZAdminPendingPhotoSchema = z.object({
  id: z.string(),
  member: z.object({ uuid: z.string(), username: z.string() }),
  /** A signed, expiring URL: pending photos are private files. */
  url: z.string(),
  uploaded_at: z.string(),
});
export type TAdminPendingPhoto = z.infer<typeof ZAdminPendingPhotoSchema>;
export const ZAdminPendingPhotosResponseSchema = z.object({
  data: z.array(ZAdminPendingPhotoSchema),
  /** Whether new photos are approved on upload (PHOTO_AUTO_APPROVE): then this queue only holds older uploads. */
  meta: z.object({ auto_approve: z.boolean() }),
});
/**
 * Photos approved on upload (PHOTO_AUTO_APPROVE=1) in the last 7 days that no admin has looked at yet (kept or
 * taken down), newest first: moderation after the fact. Public URLs, as members see them.
 */
export const ZAdminRecentPhotosResponseSchema = z.object({
  data: z.array(ZAdminPendingPhotoSchema),
  meta: z.object({ auto_approve: z.boolean() }),
});
export const ZAdminPhotoKeptResponseSchema = z.object({
  data: z.object({ id: z.string(), status: z.literal("approved") }),
});
export const ZAdminPhotoRemovedResponseSchema = z.object({
  data: z.object({ id: z.string(), removed: z.literal(true) }),
});
/** A rejection may say why: the member reads it in the email, under the photo rules. */
export const ZAdminPhotoRejectRequestSchema = z
  .object({ reason: z.string().trim().min(3).max(300).optional() })
  .default({});
export type TAdminPhotoRejectRequest = z.input<typeof ZAdminPhotoRejectRequestSchema>;
export const ZAdminPhotoDecisionResponseSchema = z.object({
  data: z.object({ id: z.string(), status: z.enum(["approved", "rejected"]) }),
});

/** Admin: the dashboard. "Today" is the site's calendar day (SITE_TIMEZONE). */
export const ZAdminDashboardResponseSchema = z.object({
  data: z.object({
    members: z.object({ total: z.number().int(), registered_today: z.number().int(), active_today: z.number().int() }),
    messages_today: z.number().int(),
    /** Paid payments of the last 7 days by day and package, in cents. */
    revenue: z.array(
      z.object({ day: z.string(), package_name: z.string(), payments: z.number().int(), cents: z.number().int() }),
    ),
    queue: z.object({ waiting: z.number().int(), longest_wait_seconds: z.number().int() }),
  }),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboardResponseSchema>["data"];
