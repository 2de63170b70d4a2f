import { ZCreditPackagesResponseSchema, ZCreditPricesResponseSchema } from "../api/credits";
import { defineEndpoint } from "./endpoint";

/** Credit prices and the credit store. */
export const creditEndpoints = {
  prices: defineEndpoint({
    method: "GET",
    path: "/api/credit-prices",
    responses: { 200: ZCreditPricesResponseSchema },
    auth: "public",
    tags: ["credits"],
    summary: "What each message type costs, in credits (public: the prices page shows it to guests)",
  }),
  shelf: defineEndpoint({
    method: "GET",
    path: "/api/credit-packages",
    responses: { 200: ZCreditPackagesResponseSchema },
    auth: "optional",
    tags: ["credits"],
    summary: "The credit store: credit packages, the 24-hour pass and VIP (AUD, GST included), priced for the caller",
  }),
};
