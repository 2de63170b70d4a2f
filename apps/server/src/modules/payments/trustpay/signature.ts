import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * TrustPay's signatures (doc.trustpay.eu, "Card payments" → "Signature"): HMAC-SHA256 with the project's
 * secret key over a message of values joined by "/", sent as hexadecimal (upper case in TrustPay's examples).
 */
export function signMessage(secretKey: string, message: string): string {
  return createHmac("sha256", secretKey).update(message, "utf8").digest("hex").toUpperCase();
}

/** Compares a received hex signature with the expected one in constant time; any case, anything else is false. */
export function signatureMatches(secretKey: string, message: string, received: unknown): boolean {
  if (typeof received !== "string" || !/^[0-9a-f]{64}$/i.test(received)) return false;
  const expected = Buffer.from(signMessage(secretKey, message), "hex");
  return timingSafeEqual(expected, Buffer.from(received, "hex"));
}

/**
 * The signed message of a payment page request: AccountId/Amount/Currency/Reference/PaymentType, the fields
 * TrustPay documents for card payment setup, in that order.
 */
export function paymentPageMessage(fields: {
  accountId: string;
  amount: string;
  currency: string;
  reference: string;
  paymentType: string;
}): string {
  return [fields.accountId, fields.amount, fields.currency, fields.reference, fields.paymentType].join("/");
}

/**
 * The signed message of a JSON notification: every value in it except the signature itself, numbers with two
 * decimals, null as "null", sorted and joined by "/" (as TrustPay computes it, and as hyperswitch's TrustPay
 * connector verifies it). The values come from the exact bytes received: nothing is re-serialized.
 */
export function notificationMessage(notification: unknown, signature: string): string {
  const values: string[] = [];
  const collect = (value: unknown): void => {
    if (value === null) values.push("null");
    else if (typeof value === "number") values.push(value.toFixed(2));
    else if (typeof value === "boolean") values.push(String(value));
    else if (typeof value === "string") {
      if (value !== signature) values.push(value);
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (typeof value === "object") Object.values(value as Record<string, unknown>).forEach(collect);
  };
  collect(notification);
  // Byte order, as the signer sorts: localeCompare would differ between machines.
  return values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join("/");
}
