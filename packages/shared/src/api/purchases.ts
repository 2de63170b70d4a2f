import { z } from "../validation/z";
import { ZPageMetaSchema } from "./envelope";

/**
 * A member's own money (docs/payments.md, "Purchases and spending controls"): the purchases list, receipts and
 * the spending controls. Amounts are integer cents, as the contract names them (`amount_cents`).
 */

/** Every state a payment can be in, charge-backs included (the payments table's check). */
export const purchaseStatuses = ["pending", "paid", "failed", "refunded", "charged_back"] as const;
export type TPurchaseStatus = (typeof purchaseStatuses)[number];

/** Purchases per page of GET /api/payments. */
export const PURCHASES_PAGE_SIZE = 20;

export const ZPurchaseSchema = z.object({
  id: z.string(),
  status: z.enum(purchaseStatuses),
  /** `credits`: every credit the purchase brought (the package's own, its bonus, any promotion or VIP extra). */
  package: z.object({ name: z.string(), credits: z.number().int() }),
  amount_cents: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  /** When it was paid (`paid_at`); null while pending or when it failed. */
  settled_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type TPurchase = z.infer<typeof ZPurchaseSchema>;

export const ZPurchaseListResponseSchema = z.object({ data: z.array(ZPurchaseSchema), meta: ZPageMetaSchema });
export type TPurchaseListResponse = z.infer<typeof ZPurchaseListResponseSchema>;

/** A receipt: only for a paid (or since refunded) payment. The seller comes from the server's configuration. */
export const ZReceiptSchema = z.object({
  id: z.string(),
  status: z.enum(["paid", "refunded"]),
  seller: z.object({ legal_name: z.string(), address: z.string(), tax_id: z.string().nullable() }),
  /** The payment's own id is the receipt's reference; `gateway_reference` is the card provider's, when known. */
  reference: z.string(),
  gateway_reference: z.string().nullable(),
  paid_at: z.string(),
  refunded_at: z.string().nullable(),
  package: z.object({ name: z.string(), credits: z.number().int() }),
  amount_cents: z.number().int(),
  /** The GST inside the GST-inclusive amount: one eleventh, rounded to the cent. */
  gst_cents: z.number().int(),
  currency: z.string(),
});
export type TReceipt = z.infer<typeof ZReceiptSchema>;
export const ZReceiptResponseSchema = z.object({ data: ZReceiptSchema });

/** The largest monthly limit a member can set (A$100,000): anything above it is no limit at all. */
export const MAX_MONTHLY_LIMIT_CENTS = 10_000_000;

export const ZSpendingLimitRequestSchema = z.object({
  /** null removes the limit (a removal waits 24 hours, as any raise). */
  monthly_limit_cents: z.number().int().min(0).max(MAX_MONTHLY_LIMIT_CENTS).nullable(),
});
export type TSpendingLimitRequest = z.infer<typeof ZSpendingLimitRequestSchema>;

export const coolOffDays = [1, 7, 30] as const;
export const ZCoolOffRequestSchema = z.object({
  days: z.union([z.literal(1), z.literal(7), z.literal(30)]),
});
export type TCoolOffRequest = z.infer<typeof ZCoolOffRequestSchema>;

/** The member's spending controls as they stand now, with this month's spending against the limit. */
export const ZSpendingControlsSchema = z.object({
  monthly_limit_cents: z.number().int().nullable(),
  /** A raise (or removal, `monthly_limit_cents: null`) waiting for its 24 hours. */
  pending_limit: z.object({ monthly_limit_cents: z.number().int().nullable(), effective_at: z.string() }).nullable(),
  cool_off_until: z.string().nullable(),
  /** Paid this calendar month (SITE_TIMEZONE), with checkouts of the last hour still pending, refunds left out. */
  spent_this_month_cents: z.number().int(),
  /** What is left this month under the limit; null without a limit. */
  remaining_cents: z.number().int().nullable(),
  /** The start of next month in the site's time zone: when the allowance starts again. */
  month_ends_at: z.string(),
});
export type TSpendingControls = z.infer<typeof ZSpendingControlsSchema>;
export const ZSpendingControlsResponseSchema = z.object({ data: ZSpendingControlsSchema });

export const purchaseMessages = {
  overLimit: (limit: string, left: string, until: string) =>
    `This purchase would go over your monthly spending limit of A$${limit}. You have A$${left} left until ${until}.`,
  coolingOff: (until: string) => `You are taking a break from buying until ${until}.`,
  coolOffCannotShorten: (until: string) =>
    `You are already taking a break from buying until ${until}. A break can be made longer, never shorter.`,
} as const;
