import { z } from "../validation/z";
import { messageTypes, type TMessageType } from "./conversations";

export const ZCreditPriceSchema = z.object({ type: z.enum(messageTypes), credits: z.number().int() });
export type TCreditPrice = z.infer<typeof ZCreditPriceSchema>;

export const ZCreditPricesResponseSchema = z.object({ data: z.array(ZCreditPriceSchema) });

/**
 * Message types the 24-hour pass (has_unli_message) makes free; other types
 * still cost their price. The composer shows prices with this rule.
 */
export const passFreeMessageTypes: readonly TMessageType[] = ["text", "wink"];
