import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { generateSync } from "otplib";
import sharp from "sharp";
import { auditLog } from "../platform/db/schema/admin";
import { authSessions } from "../platform/db/schema/auth";
import { interactions } from "../platform/db/schema/interactions";
import { jobs } from "../platform/db/schema/jobs";
import { memberActionCounts } from "../platform/db/schema/limits";
import { users } from "../platform/db/schema/members";
import { memberNotes } from "../platform/db/schema/operator";
import { supportTickets } from "../platform/db/schema/support";
import { abTestEvents, clickEvents, pushNotificationClicks, sitePopupEvents } from "../platform/db/schema/tracking";
import { triggerDeliveries } from "../platform/db/schema/triggers";
import { giveCredits, jsonRequest, signedInMember } from "./factories";
import { createFictionalProfile, signedInStaff } from "./operator-factories";
import { deliver, gatewayNotification, startPurchase } from "./payment-factories";
import { fakeBrowserKeys } from "./push-service";
import type { TestServer } from "./support";

type SignedInMember = Awaited<ReturnType<typeof signedInMember>>;

/** Values only the staff side holds: none may ever reach the member's export. */
export const STAFF_IP = "203.0.113.77";
export const STAFF_USER_AGENT = "StaffConsoleBrowser/9.9";

async function picture(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

function form(bytes: Buffer): FormData {
  const body = new FormData();
  body.append("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
  return body;
}

async function expectStatus(response: Promise<Response>, status: number, what: string) {
  const answer = await response;
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${await answer.text()}`);
  return answer;
}

/**
 * A member who has used every feature of the site, each through the same route a browser uses where one
 * exists (statistics, jobs and staff-side rows are written directly): photos (one approved by a moderator, one
 * waiting), messages both ways with a real member and with a fictional profile, an image sent and one never
 * sent, a purchase, likes, winks, favourites, blocks and visits both ways, a mute, reports by and about them,
 * a support ticket with an answer, an operator's note, a support sign-in, tracking rows, queued mail, a push
 * subscription, spending controls and a cool-off, two-factor sign-in with recovery codes and an open challenge.
 * Run with PHOTO_AUTO_APPROVE=0, so photos start private.
 */
export async function memberWhoUsedEverything(server: TestServer) {
  const { db } = server.context.database;
  const member = await signedInMember(server);
  const partner = await signedInMember(server);
  const blocked = await signedInMember(server);
  const admin = await signedInStaff(server, ["admin", "operator"]);
  const profile = await createFictionalProfile(server);
  await giveCredits(server, member, 40);
  await giveCredits(server, partner, 40);
  await db
    .update(users)
    .set({
      deviceId: `device-${member.uuid}`,
      registrationIp: "198.51.100.23",
      campaign: { s1: "summer-ad" },
      features: { muteUserNotifications: true },
    })
    .where(eq(users.id, member.id));

  const photoIds: string[] = [];
  for (const colour of ["#a33", "#3a3"]) {
    const uploaded = await expectStatus(
      server.request("/api/profile/photos", {
        method: "POST",
        headers: member.auth,
        body: form(await picture(colour)),
      }),
      201,
      "photo upload",
    );
    photoIds.push((await uploaded.json()).data.id);
  }
  await expectStatus(
    server.request(`/api/admin/photos/${photoIds[0]}/approve`, { method: "POST", headers: admin.auth }),
    200,
    "photo approval",
  );

  const uploadImage = async (who: SignedInMember, colour: string) => {
    const response = await expectStatus(
      server.request("/api/message-images", { method: "POST", headers: who.auth, body: form(await picture(colour)) }),
      201,
      "message image",
    );
    return (await response.json()).data.uuid as string;
  };
  const send = (from: SignedInMember, to: { uuid: string }, body: Record<string, unknown>) =>
    expectStatus(
      server.request(
        `/api/profiles/${to.uuid}/messages`,
        jsonRequest("POST", { client_id: randomUUID(), ...body }, from.auth),
      ),
      201,
      "message",
    );
  await send(member, partner, { type: "text", text: "Hello there, fancy a chat?" });
  await send(partner, member, { type: "text", text: "Hi yourself" });
  await send(member, partner, { type: "image", photo: await uploadImage(member, "#33a") });
  await send(partner, member, { type: "image", photo: await uploadImage(partner, "#aa3") });
  await uploadImage(member, "#3aa");
  await send(member, profile, { type: "text", text: "Are you there, fiction?" });

  for (const action of ["like", "wink", "favorite"]) {
    await expectStatus(
      server.request(`/api/profiles/${partner.uuid}/${action}`, jsonRequest("POST", {}, member.auth)),
      200,
      action,
    );
    await expectStatus(
      server.request(`/api/profiles/${member.uuid}/${action}`, jsonRequest("POST", {}, partner.auth)),
      200,
      action,
    );
  }
  await expectStatus(
    server.request(`/api/profiles/${blocked.uuid}/block`, jsonRequest("POST", {}, member.auth)),
    200,
    "block",
  );
  // A block between them hides each from the other, so the one they received is written directly.
  await db.insert(interactions).values({ kind: "block", fromUserId: blocked.id, toUserId: member.id });
  await expectStatus(server.request(`/api/profiles/${partner.uuid}`, { headers: member.auth }), 200, "visit");
  await expectStatus(server.request(`/api/profiles/${member.uuid}`, { headers: partner.auth }), 200, "visit");
  await expectStatus(
    server.request(`/api/user-notifications/${partner.username}/mute`, jsonRequest("POST", {}, member.auth)),
    200,
    "mute",
  );
  await expectStatus(
    server.request(
      "/api/reports",
      jsonRequest(
        "POST",
        { reported_uuid: partner.uuid, reason: "spam_or_scam", details: `Report text by ${member.username}` },
        member.auth,
      ),
    ),
    201,
    "report by the member",
  );
  await expectStatus(
    server.request(
      "/api/reports",
      jsonRequest(
        "POST",
        { reported_uuid: member.uuid, reason: "spam_or_scam", details: "Report text about them" },
        partner.auth,
      ),
    ),
    201,
    "report about the member",
  );

  const purchase = await startPurchase(server, member, "credits-100");
  await expectStatus(deliver(server, gatewayNotification(server, purchase, "paid")), 200, "payment");

  // A support sign-in: its address and browser are the staff member's own.
  const issued = await server.request(`/api/admin/users/${member.uuid}/impersonation`, {
    method: "POST",
    headers: admin.auth,
  });
  const token = (await issued.json()).data.token;
  await expectStatus(server.request("/api/impersonate", jsonRequest("POST", { token })), 200, "impersonation");
  await db
    .update(authSessions)
    .set({ ip: STAFF_IP, userAgent: STAFF_USER_AGENT })
    .where(eq(authSessions.impersonatorId, admin.id));
  await db.update(auditLog).set({ ip: STAFF_IP }).where(eq(auditLog.actorId, admin.id));

  const [ticket] = await db
    .insert(supportTickets)
    .values({
      userId: member.id,
      email: member.email ?? "",
      name: member.username,
      subject: "Billing question",
      category: "payments",
      message: `Ticket text by ${member.username}`,
      source: "contact",
    })
    .returning();
  await expectStatus(
    server.request(
      `/api/admin/support-tickets/${ticket?.uuid}/replies`,
      jsonRequest("POST", { message: "We are on it.", close: true }, admin.auth),
    ),
    200,
    "ticket reply",
  );
  await db
    .insert(memberNotes)
    .values({ memberId: member.id, category: "job", text: "Works as a plumber", authorId: admin.id });
  await db
    .insert(clickEvents)
    .values({ userId: member.id, deviceId: `device-${member.uuid}`, sectionType: "nav", buttonType: "bell_btn" });
  await db
    .insert(clickEvents)
    .values({ deviceId: `device-${member.uuid}`, sectionType: "nav", buttonType: "menu_btn" });
  await db
    .insert(sitePopupEvents)
    .values({ userId: member.id, profileUserId: partner.id, notificationType: "USER_LIKE", actionType: "CLICKED" });
  await db
    .insert(sitePopupEvents)
    .values({ userId: partner.id, profileUserId: member.id, notificationType: "USER_LIKE", actionType: "IMPRESSION" });
  await db.insert(pushNotificationClicks).values({ userId: member.id, x: 1, t: 2 });
  await db.insert(abTestEvents).values({
    userId: member.id,
    abTestType: "promo_badge",
    groupName: "v1",
    value: "viewed",
    eventName: "impression",
  });
  await db.insert(memberActionCounts).values({ userId: member.id, kind: "like", day: "2026-01-01", count: 3 });
  await db.insert(triggerDeliveries).values({ memberId: member.id, profileId: profile.id, occurrenceAt: new Date() });
  // A letter for the account, and one to its confirmed address queued before it existed (a guest's ticket).
  await db.insert(jobs).values([
    { kind: "mail", userId: member.id, payload: { letter: "account_activated", data: { to: member.email } } },
    {
      kind: "mail",
      payload: { letter: "support_ticket_received", data: { to: member.email, reference: "VH-1", topic: "Payments" } },
      runAt: new Date(Date.now() + 3_600_000),
    },
  ]);
  // A browser subscribed to push, spending controls with a cool-off, two-factor sign-in on with a challenge open.
  await expectStatus(
    server.request(
      "/api/push/subscriptions",
      jsonRequest(
        "POST",
        {
          endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
          expirationTime: null,
          keys: fakeBrowserKeys().keys,
        },
        member.auth,
      ),
    ),
    201,
    "push subscription",
  );
  await expectStatus(
    server.request("/api/account/spending-limit", jsonRequest("PUT", { monthly_limit_cents: 50_00 }, member.auth)),
    200,
    "spending limit",
  );
  await expectStatus(
    server.request("/api/account/cool-off", jsonRequest("POST", { days: 1 }, member.auth)),
    200,
    "cool-off",
  );
  const setup = await expectStatus(
    server.request("/api/account/two-factor/setup", jsonRequest("POST", { password: member.password }, member.auth)),
    200,
    "two-factor setup",
  );
  const { secret } = (await setup.json()).data as { secret: string };
  await expectStatus(
    server.request(
      "/api/account/two-factor/enable",
      jsonRequest("POST", { password: member.password, code: generateSync({ secret }) }, member.auth),
    ),
    200,
    "two-factor on",
  );
  await expectStatus(
    server.request("/api/login", jsonRequest("POST", { email: member.email, password: member.password })),
    200,
    "sign-in's first step",
  );
  await expectStatus(
    server.request(
      "/api/account/email",
      jsonRequest("PUT", { email: `next-${member.email}`, current_password: member.password }, member.auth),
    ),
    200,
    "email change",
  );
  return { member, partner, blocked, admin, profile, photoIds };
}
