import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLedgerMismatches } from "../modules/ledger/ledger";
import { findPaymentMismatches } from "../modules/payments/payment-check";
import { jsonRequest, signedInMember, signIn } from "../test/factories";
import { createFictionalProfile } from "../test/operator-factories";
import { deliver, gatewayNotification, paymentRow, startPurchase } from "../test/payment-factories";
import { startTestServer, type TestServer } from "../test/support";

/**
 * Random sequences of sign-in, send, buy, payment notification and
 * refund fired at the API by three members. After every sequence the ledger
 * holds (every balance is the sum of its rows and never negative, every paid
 * payment credited once, every refund taken back once), a retried send or a
 * replayed notification changes nothing, and no member ever sees another's
 * email or private lines.
 */

const MEMBERS = 3;
const PACKAGES = ["credits-100", "credits-500"];

type Step =
  | { kind: "signIn"; who: number }
  | { kind: "send"; who: number; retry: boolean }
  | { kind: "buy"; who: number; pack: number }
  | { kind: "notify"; payment: number; type: "paid" | "failed"; replay: boolean }
  | { kind: "refund"; payment: number }
  | { kind: "look"; who: number };

const who = fc.nat({ max: MEMBERS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("signIn" as const), who }),
  fc.record({ kind: fc.constant("send" as const), who, retry: fc.boolean() }),
  fc.record({ kind: fc.constant("buy" as const), who, pack: fc.nat({ max: PACKAGES.length - 1 }) }),
  fc.record({
    kind: fc.constant("notify" as const),
    payment: fc.nat({ max: 9 }),
    type: fc.constantFrom("paid" as const, "failed" as const),
    replay: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("refund" as const), payment: fc.nat({ max: 9 }) }),
  fc.record({ kind: fc.constant("look" as const), who }),
);

type Member = Awaited<ReturnType<typeof signedInMember>> & { privateLines: string[]; lastClientId?: string };
type Payment = Awaited<ReturnType<typeof startPurchase>>;

describe("random API sequences (property-based)", () => {
  let server: TestServer;
  let profile: { uuid: string };
  beforeAll(async () => {
    server = await startTestServer({ API_RATE_LIMIT: "1000000", MESSAGE_RATE_LIMIT: "1000000" });
    profile = await createFictionalProfile(server);
  });
  afterAll(() => server.stop());

  async function balanceOf(member: Member): Promise<number> {
    const response = await server.request("/api/me", { method: "POST", headers: member.auth });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { credits: number } };
    return data.credits;
  }

  it("keeps the ledger exact and every member's data private through any sequence", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), async (steps) => {
        const members: Member[] = [];
        for (let index = 0; index < MEMBERS; index++) {
          members.push({ ...(await signedInMember(server)), privateLines: [] });
        }
        const payments: Payment[] = [];
        const sentNotifications = new Map<string, ReturnType<typeof gatewayNotification>>();
        const secretsOf = (member: Member) => [member.email ?? "", ...member.privateLines];

        for (const current of steps) {
          if (current.kind === "signIn") {
            const member = members[current.who] as Member;
            member.auth = (await signIn(server, member.email ?? "", member.password)).authorization;
          } else if (current.kind === "send") {
            const member = members[current.who] as Member;
            const retrying = current.retry && member.lastClientId !== undefined;
            const clientId = retrying ? (member.lastClientId as string) : randomUUID();
            const line = `private ${randomUUID()}`;
            const before = await balanceOf(member);
            const response = await server.request(
              `/api/profiles/${profile.uuid}/messages`,
              jsonRequest("POST", { type: "text", text: line, client_id: clientId }, member.auth),
            );
            expect([201, 402]).toContain(response.status);
            const after = await balanceOf(member);
            // Refused for want of credits, or a retry of a message already stored: nothing is charged.
            if (response.status === 402 || retrying) expect(after).toBe(before);
            else expect(after).toBeLessThan(before);
            if (response.status === 201 && !retrying) {
              member.privateLines.push(line);
              member.lastClientId = clientId;
            }
          } else if (current.kind === "buy") {
            payments.push(await startPurchase(server, members[current.who] as Member, PACKAGES[current.pack] ?? ""));
          } else if (current.kind === "notify" || current.kind === "refund") {
            const target = payments[current.payment % Math.max(1, payments.length)];
            if (!target) continue;
            const type = current.kind === "refund" ? "refunded" : current.type;
            const key = `${target.id}:${type}`;
            const replaying = current.kind === "notify" && current.replay && sentNotifications.has(key);
            const notification = replaying
              ? (sentNotifications.get(key) as ReturnType<typeof gatewayNotification>)
              : gatewayNotification(server, await paymentRow(server, target.id), type);
            const owner = members.find((member) => member.id === target.userId) as Member;
            const before = await balanceOf(owner);
            const response = await deliver(server, notification);
            // The gateway is told 200 for anything signed, even a transition that no longer applies.
            expect(response.status).toBe(200);
            if (replaying) expect(await balanceOf(owner)).toBe(before);
            sentNotifications.set(key, notification);
          } else {
            const reader = members[current.who] as Member;
            const seen = [
              await (await server.request("/api/user-conversations", { headers: reader.auth })).text(),
              await (await server.request("/api/me", { method: "POST", headers: reader.auth })).text(),
              await (await server.request("/api/user-notifications", { headers: reader.auth })).text(),
            ].join("\n");
            for (const other of members.filter((member) => member !== reader)) {
              for (const secret of secretsOf(other)) expect(seen).not.toContain(secret);
            }
          }
        }
        for (const member of members) expect(await balanceOf(member)).toBeGreaterThanOrEqual(0);
        const { db } = server.context.database;
        expect(await findLedgerMismatches(db)).toEqual([]);
        expect(await findPaymentMismatches(db)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
