/** What the member did on TrustPay's page, as its return URL says (ResultCode); the notification decides the payment. */
export type TReturnOutcome = "success" | "pending" | "declined" | "cancelled";

/**
 * TrustPay's documented result codes (doc.trustpay.eu, "Result codes"): 0 success; 1 pending, 2 announced,
 * 3 authorized, 4 processing, 5 authorized only (all still on their way); 1005 cancelled by the customer;
 * every other code (1001 invalid request … 1014 rejected, 1100 general error) means the payment did not happen.
 * Null when there is no code (the test gateway's return, or a hand-typed URL).
 */
export function returnOutcome(resultCode: string | null): TReturnOutcome | null {
  if (resultCode === null || !/^\d{1,5}$/.test(resultCode)) return null;
  const code = Number(resultCode);
  if (code === 0) return "success";
  if (code >= 1 && code <= 5) return "pending";
  if (code === 1005) return "cancelled";
  return "declined";
}
