import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { notificationMessage, paymentPageMessage, signatureMatches, signMessage } from "./signature";
import {
  centsOf,
  eventTypeOf,
  formatAmount,
  paymentIdOf,
  referenceOf,
  refundReferenceOf,
  resultOf,
} from "./wire-format";

describe("TrustPay's wire format", () => {
  it("signs the payment page request over AccountId/Amount/Currency/Reference/PaymentType in upper-case hex", () => {
    const message = paymentPageMessage({
      accountId: "4107111111",
      amount: "1.50",
      currency: "EUR",
      reference: "123456789",
      paymentType: "0",
    });
    expect(message).toBe("4107111111/1.50/EUR/123456789/0");
    const expected = createHmac("sha256", "secret").update(message).digest("hex").toUpperCase();
    expect(signMessage("secret", message)).toBe(expected);
    expect(signatureMatches("secret", message, expected.toLowerCase())).toBe(true);
    expect(signatureMatches("other", message, expected)).toBe(false);
    expect(signatureMatches("secret", message, "zz")).toBe(false);
    expect(signatureMatches("secret", message, undefined)).toBe(false);
  });

  it("signs a notification over all its values but the signature, numbers with two decimals, sorted", () => {
    const body = {
      PaymentInformation: {
        Amount: { Amount: 49.9, Currency: "AUD" },
        CreditDebitIndicator: "CRDT",
        References: { MerchantReference: "abc", PaymentId: null },
        Status: "Paid",
        Flags: [true],
      },
      Signature: "SIG",
    };
    expect(notificationMessage(body, "SIG")).toBe("49.90/AUD/CRDT/Paid/abc/null/true");
  });

  it("round-trips a payment id through TrustPay's 35-character Reference, and a refund's", () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(referenceOf(id)).toHaveLength(32);
    expect(paymentIdOf(referenceOf(id))).toBe(id);
    expect(refundReferenceOf(id)).toHaveLength(33);
    expect(paymentIdOf(refundReferenceOf(id))).toBe(id);
    expect(paymentIdOf("123456789")).toBeUndefined();
    expect(paymentIdOf(`X${referenceOf(id)}`)).toBeUndefined();
  });

  it("converts amounts both ways and refuses fractions of a cent", () => {
    expect(formatAmount(4995)).toBe("49.95");
    expect(formatAmount(5)).toBe("0.05");
    expect(centsOf(49.95)).toBe(4995);
    expect(centsOf(0.1 + 0.2)).toBe(30);
    expect(centsOf(1.005)).toBeUndefined();
  });

  it("maps TrustPay's statuses and result codes to ours", () => {
    expect(eventTypeOf("CRDT", "Paid")).toBe("paid");
    expect(eventTypeOf("CRDT", "Rejected")).toBe("failed");
    expect(eventTypeOf("CRDT", "Refunded")).toBeUndefined();
    expect(eventTypeOf("DBIT", "Paid")).toBe("refunded");
    expect(eventTypeOf("DBIT", "Refunded")).toBe("refunded");
    expect(eventTypeOf("DBIT", "Chargebacked")).toBe("charged_back");
    expect(eventTypeOf("DBIT", "Rejected")).toBe("pending");
    expect(eventTypeOf("DBIT", "Whatever")).toBeUndefined();
    expect(resultOf("000.000.000")).toBe("success");
    expect(resultOf("000.100.110")).toBe("success");
    expect(resultOf("000.200.000")).toBe("pending");
    expect(resultOf("700.400.200")).toBe("failed");
    expect(resultOf("800.100.152")).toBe("failed");
  });
});
