import { createHmac, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { renderTrustPayPage, renderTrustPayProblem, trustPayPageStyles } from "./trustpay-simulator-page";

/**
 * A stand-in for TrustPay that speaks its wire format, for server tests, the Chromium tests and by hand
 * (`npx tsx apps/server/src/test/trustpay-simulator.ts`):
 * - GET  /mapi5/Card/PayPopup?AccountId&Amount&Currency&Reference&PaymentType&Signature&… : the hosted card page
 *   (checks the request signature), with Approve, Decline and Cancel;
 * - its decision sends the signed JSON notification to the notification URL (retried until a 2xx, doubling the
 *   wait) and returns the member to the ReturnUrl/ErrorUrl/CancelUrl with Reference, ResultCode, PaymentRequestId;
 * - POST /api/v1/Refund (X-API-KEY; instanceId, amount, currency, reference): answers like the card API and
 *   then notifies the refund (DBIT);
 * - tests drive duplicates, holds and out-of-order delivery, chargebacks and forged notifications directly.
 * It implements TrustPay's format independently of the server's code, so a shared mistake cannot hide.
 */

export interface SimulatedPayment {
  reference: string;
  amount: string;
  currency: string;
  notificationUrl: string;
  /** TrustPay's ids: the card transaction (PaymentId, the refund API's instanceId) and the payment request. */
  paymentId: string;
  paymentRequestId: string;
  refunded: boolean;
}

export interface Delivery {
  body: string;
  status: number | "network-error";
}

export interface NotificationFields {
  indicator: "CRDT" | "DBIT";
  status: "Paid" | "Rejected" | "Refunded" | "Chargebacked";
  merchantReference: string;
  amount: number;
  currency: string;
  paymentId?: string;
  paymentRequestId?: string;
}

/** TrustPay's JSON notification, signed over all its values (sorted, joined by "/"), as TrustPay sends it. */
export function signedTrustPayNotification(secretKey: string, fields: NotificationFields): string {
  const information = {
    Amount: { Amount: fields.amount, Currency: fields.currency },
    CreditDebitIndicator: fields.indicator,
    References: {
      MerchantReference: fields.merchantReference,
      PaymentId: fields.paymentId ?? String(randomInt(1e9, 9e9)),
      PaymentRequestId: fields.paymentRequestId ?? String(randomInt(1e6, 9e6)),
    },
    Status: fields.status,
  };
  const values = [
    fields.amount.toFixed(2),
    fields.currency,
    fields.indicator,
    information.References.MerchantReference,
    information.References.PaymentId,
    information.References.PaymentRequestId,
    fields.status,
  ].sort();
  const signature = createHmac("sha256", secretKey).update(values.join("/")).digest("hex").toUpperCase();
  // Spaced as TrustPay's servers might: the webhook must read values from these bytes, not a re-serialization.
  return JSON.stringify({ PaymentInformation: information, Signature: signature }, null, 2);
}

export interface TrustPaySimulatorOptions {
  projectId?: string;
  secretKey?: string;
  apiKey?: string;
  /** First retry delay of a refused notification; doubles on each attempt. */
  retryMs?: number;
  maxAttempts?: number;
}

export async function startTrustPaySimulator(options: TrustPaySimulatorOptions = {}) {
  const projectId = options.projectId ?? "4107000001";
  const secretKey = options.secretKey ?? "trustpay-simulator-secret-key-0123456789";
  const apiKey = options.apiKey ?? "trustpay-simulator-api-key";
  const retryMs = options.retryMs ?? 200;
  const maxAttempts = options.maxAttempts ?? 8;
  const payments = new Map<string, SimulatedPayment>();
  const deliveries: Delivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const state = {
    /** Overrides each payment's NotificationUrl, as the URL set in TrustPay's Merchant Portal does. */
    notificationUrl: undefined as string | undefined,
    /** While set, notifications wait in `held` for release() instead of going out. */
    hold: false,
    /** Copies of each notification sent at once (a provider's at-least-once delivery). */
    copies: 1,
    /** How the card API answers the next refunds. */
    refundAnswer: "success" as "success" | "pending" | "declined",
  };
  const held: Array<{ url: () => string; body: string }> = [];

  /** Resolved at each attempt, so a test can bring the webhook back while TrustPay retries. */
  function targetOf(payment: SimulatedPayment): () => string {
    return () => state.notificationUrl ?? payment.notificationUrl;
  }

  function send(url: () => string, body: string, attempt = 1): void {
    void fetch(url(), { method: "POST", headers: { "Content-Type": "application/json" }, body })
      .then(async (response) => {
        await response.arrayBuffer().catch(() => undefined);
        deliveries.push({ body, status: response.status });
        if (!response.ok) retry(url, body, attempt);
      })
      .catch(() => {
        deliveries.push({ body, status: "network-error" });
        retry(url, body, attempt);
      });
  }
  function retry(url: () => string, body: string, attempt: number): void {
    if (attempt >= maxAttempts) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        send(url, body, attempt + 1);
      },
      retryMs * 2 ** (attempt - 1),
    );
    timers.add(timer);
  }
  function notify(url: () => string, body: string): void {
    if (state.hold) held.push({ url, body });
    else for (let copy = 0; copy < state.copies; copy++) send(url, body);
  }
  function notifyAbout(payment: SimulatedPayment, fields: Omit<NotificationFields, "amount" | "currency">): string {
    const body = signedTrustPayNotification(secretKey, {
      ...fields,
      amount: Number(payment.amount),
      currency: payment.currency,
    });
    notify(targetOf(payment), body);
    return body;
  }

  function pageRequest(query: URLSearchParams): SimulatedPayment | string {
    const field = (name: string) => query.get(name) ?? "";
    const message = ["AccountId", "Amount", "Currency", "Reference", "PaymentType"].map(field).join("/");
    const expected = createHmac("sha256", secretKey).update(message).digest("hex");
    if (field("AccountId") !== projectId) return "Unknown account (1002)";
    if (field("Signature").toLowerCase() !== expected) return "Invalid signature (1004)";
    if (!/^\d+\.\d{2}$/.test(field("Amount")) || !/^[A-Z]{3}$/.test(field("Currency"))) return "Invalid request (1001)";
    const reference = field("Reference");
    const existing = payments.get(reference);
    if (existing) return existing;
    const payment: SimulatedPayment = {
      reference,
      amount: field("Amount"),
      currency: field("Currency"),
      notificationUrl: field("NotificationUrl"),
      paymentId: String(randomInt(1e9, 9e9)),
      paymentRequestId: String(randomInt(1e6, 9e6)),
      refunded: false,
    };
    payments.set(reference, payment);
    return payment;
  }

  async function decide(request: IncomingMessage, response: ServerResponse, query: URLSearchParams) {
    const form = new URLSearchParams(await readBody(request));
    const payment = pageRequest(query);
    if (typeof payment === "string") return html(response, 400, renderTrustPayProblem(payment));
    const decision = form.get("decision");
    const { paymentId, paymentRequestId } = payment;
    let resultCode = "1005";
    let back = query.get("CancelUrl") ?? query.get("ReturnUrl");
    if (decision === "approve") {
      notifyAbout(payment, {
        indicator: "CRDT",
        status: "Paid",
        merchantReference: payment.reference,
        paymentId,
        paymentRequestId,
      });
      resultCode = "0";
      back = query.get("ReturnUrl");
    } else if (decision === "decline") {
      notifyAbout(payment, {
        indicator: "CRDT",
        status: "Rejected",
        merchantReference: payment.reference,
        paymentId,
        paymentRequestId,
      });
      resultCode = "1014";
      back = query.get("ErrorUrl") ?? query.get("ReturnUrl");
    }
    if (!back) return html(response, 200, renderTrustPayProblem("Payment finished; no return URL was given."));
    const target = new URL(back);
    target.searchParams.set("Reference", payment.reference);
    target.searchParams.set("ResultCode", resultCode);
    target.searchParams.set("PaymentRequestId", paymentRequestId);
    response.writeHead(303, { Location: target.toString() }).end();
  }

  async function refund(request: IncomingMessage, response: ServerResponse) {
    if (request.headers["x-api-key"] !== apiKey)
      return json(response, 401, { status: 401, description: "Unauthorized" });
    const form = new URLSearchParams(await readBody(request));
    const payment = [...payments.values()].find((candidate) => candidate.paymentId === form.get("instanceId"));
    if (!payment) return json(response, 404, { status: 404, description: "Instance not found" });
    const reference = form.get("reference") ?? "";
    if (payment.refunded || state.refundAnswer === "declined" || form.get("amount") !== payment.amount) {
      return json(response, 200, {
        status: 0,
        instanceId: String(randomInt(1e9, 9e9)),
        paymentStatus: "700.400.200",
        paymentDescription: "Cannot refund (refund volume exceeded or tx reversed or invalid workflow)",
      });
    }
    payment.refunded = true;
    const refundId = String(randomInt(1e9, 9e9));
    const pending = state.refundAnswer === "pending";
    json(response, 200, {
      status: 0,
      instanceId: refundId,
      paymentStatus: pending ? "000.200.000" : "000.000.000",
      paymentDescription: pending ? "Transaction pending" : "Transaction succeeded",
    });
    notifyAbout(payment, { indicator: "DBIT", status: "Refunded", merchantReference: reference, paymentId: refundId });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://simulator");
    const route = `${request.method} ${url.pathname}`;
    const handle = async () => {
      if (route === "GET /mapi5/Card/PayPopup") {
        const payment = pageRequest(url.searchParams);
        if (typeof payment === "string") return html(response, 400, renderTrustPayProblem(payment));
        return html(response, 200, renderTrustPayPage(payment, url.search));
      }
      if (route === "POST /mapi5/Card/PayPopup") return decide(request, response, url.searchParams);
      if (route === "GET /simulator.css") {
        return void response.writeHead(200, { "Content-Type": "text/css; charset=utf-8" }).end(trustPayPageStyles);
      }
      if (route === "POST /api/v1/Refund") return refund(request, response);
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
    };
    handle().catch((error: unknown) => {
      response.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    projectId,
    secretKey,
    apiKey,
    state,
    payments,
    deliveries,
    /** The server's TRUSTPAY_* settings for this simulator. */
    env: (): Record<string, string> => ({
      PAYMENT_GATEWAY: "trustpay",
      TRUSTPAY_PROJECT_ID: projectId,
      TRUSTPAY_SECRET_KEY: secretKey,
      TRUSTPAY_API_KEY: apiKey,
      TRUSTPAY_API_URL: url,
      TRUSTPAY_PAYMENT_PAGE_URL: `${url}/mapi5/Card/PayPopup`,
    }),
    /** Opens the hosted page as a browser would (checking the signature); the payment TrustPay now knows. */
    open(checkoutUrl: string): SimulatedPayment {
      const opened = pageRequest(new URL(checkoutUrl).searchParams);
      if (typeof opened === "string") throw new Error(`TrustPay page refused the checkout: ${opened}`);
      return opened;
    },
    /** The member's decision on the hosted page; answers where TrustPay sends the member back. */
    async decide(checkoutUrl: string, decision: "approve" | "decline" | "cancel"): Promise<string> {
      const response = await fetch(`${url}/mapi5/Card/PayPopup${new URL(checkoutUrl).search}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ decision }).toString(),
        redirect: "manual",
      });
      return response.headers.get("location") ?? "";
    },
    chargeback(reference: string): string {
      const payment = payments.get(reference);
      if (!payment) throw new Error(`no payment ${reference}`);
      return notifyAbout(payment, { indicator: "DBIT", status: "Chargebacked", merchantReference: reference });
    },
    /** Sends any body to the notification URL (forged, replayed) and answers the webhook's status. */
    async post(body: string, target = state.notificationUrl ?? ""): Promise<number> {
      const response = await fetch(target, { method: "POST", headers: { "Content-Type": "application/json" }, body });
      await response.arrayBuffer();
      return response.status;
    },
    /** Sends what was held, in the given order. */
    release(order: "as-sent" | "reversed" = "as-sent"): void {
      const queued = held.splice(0, held.length);
      if (order === "reversed") queued.reverse();
      for (const item of queued) for (let copy = 0; copy < state.copies; copy++) send(item.url, item.body);
    },
    held,
    async stop(): Promise<void> {
      for (const timer of timers) clearTimeout(timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type TrustPaySimulator = Awaited<ReturnType<typeof startTrustPaySimulator>>;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

function html(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(body);
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

// By hand: prints the variables to give the server, and serves until stopped.
if (process.argv[1]?.endsWith("trustpay-simulator.ts")) {
  void startTrustPaySimulator().then((simulator) => {
    const variables = Object.entries(simulator.env()).map(([name, value]) => `${name}=${value}`);
    process.stdout.write(`TrustPay simulator at ${simulator.url}; start the server with:\n${variables.join("\n")}\n`);
  });
}
