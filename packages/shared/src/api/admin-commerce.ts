import { z } from "../validation/z";
import { messageTypes } from "./conversations";
import { ZCreditPriceSchema } from "./credits";

/** Admin: message prices and credit packages. Prices apply to messages sent after the change. */
export const ZAdminMessagePriceRequestSchema = z.object({ credits: z.number().int().min(0).max(1000) });
export const ZAdminMessagePriceParamsSchema = z.object({ type: z.enum(messageTypes) });
export const ZAdminMessagePriceResponseSchema = z.object({ data: ZCreditPriceSchema });

export const ZAdminCreditPackageSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.string(),
  name: z.string(),
  credits: z.number().int(),
  bonus_credits: z.number().int(),
  price_cents: z.number().int(),
  currency: z.string(),
  duration_hours: z.number().int().nullable(),
  position: z.number().int(),
  active: z.boolean(),
});
export type TAdminCreditPackage = z.infer<typeof ZAdminCreditPackageSchema>;
export const ZAdminCreditPackagesResponseSchema = z.object({ data: z.array(ZAdminCreditPackageSchema) });
export const ZAdminCreditPackageResponseSchema = z.object({ data: ZAdminCreditPackageSchema });

/** What an admin may change on a package; payments already started keep the price they were started at. */
export const ZAdminCreditPackageUpdateRequestSchema = z
  .object({
    name: z.string().trim().min(2).max(60),
    credits: z.number().int().min(0).max(1_000_000),
    bonus_credits: z.number().int().min(0).max(1_000_000),
    price_cents: z.number().int().min(100).max(1_000_000),
    position: z.number().int().min(0).max(1000),
    active: z.boolean(),
  })
  .partial()
  .refine((update) => Object.keys(update).length > 0, { error: "Give at least one field to change", path: ["name"] });
export type TAdminCreditPackageUpdateRequest = z.input<typeof ZAdminCreditPackageUpdateRequestSchema>;
