import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../platform/db/schema/notifications";
import { photos } from "../platform/db/schema/profiles";
import { jsonRequest, signedInMember } from "../test/factories";
import { createFictionalProfile, memberWritesTo } from "../test/operator-factories";
import { startPurchase } from "../test/payment-factories";
import { concreteUrl } from "../test/route-urls";
import { startTestServer, type TestServer } from "../test/support";
import { type OwnedObject, type RouteAccess, routeAccess, STAFF_PREFIXES } from "./route-access";

/**
 * Every route of the OpenAPI document, walked from the route table, as
 * a guest, as another member, and as a member for an object that is not theirs.
 * Member A owns a conversation, a photo, a notification and a payment, and wrote
 * a private line; member B tries every route with A's objects, and no answer B
 * gets may carry A's email, A's private line or A's payment.
 */

type Member = Awaited<ReturnType<typeof signedInMember>>;

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const isStaffRoute = (url: string) => STAFF_PREFIXES.some((prefix) => url.startsWith(prefix));

describe("authorization on every route", () => {
  let server: TestServer;
  let owner: Member;
  let other: Member;
  let objects: Record<OwnedObject, string>;
  let canaries: string[];
  const privateLine = `private-line-${randomUUID()}`;

  beforeAll(async () => {
    server = await startTestServer({ API_RATE_LIMIT: "1000000", REGISTER_RATE_LIMIT: "1000000" });
    const profile = await createFictionalProfile(server);
    owner = await signedInMember(server);
    other = await signedInMember(server);
    const { conversationUuid } = await memberWritesTo(server, profile, privateLine, owner);
    const { db } = server.context.database;
    const [photo] = await db
      .insert(photos)
      .values({ userId: owner.id, storageKey: `photos/${randomUUID()}`, width: 40, height: 40, status: "pending" })
      .returning();
    const admirer = await signedInMember(server);
    const wink = await server.request(`/api/profiles/${owner.uuid}/wink`, jsonRequest("POST", undefined, admirer.auth));
    if (wink.status >= 300) throw new Error(`wink failed with ${wink.status}`);
    const [notification] = await db.select().from(notifications).where(eq(notifications.userId, owner.id));
    const payment = await startPurchase(server, owner, "credits-100");
    if (!photo || !notification) throw new Error("fixtures not created");
    objects = {
      conversation: conversationUuid,
      photo: photo.uuid,
      notification: String(notification.id),
      payment: payment.id,
    };
    canaries = [owner.email ?? "", privateLine, payment.id];
  });
  afterAll(() => server.stop());

  const documentedRoutes = () =>
    server.app.routeTable.filter((route) => route.url.startsWith("/api/") && !route.hidden && route.method !== "HEAD");

  it("knows every route of the OpenAPI document, and nothing that is gone", () => {
    const routes = documentedRoutes();
    const unknown = routes.filter((route) => !isStaffRoute(route.url) && !routeAccess[routeKey(route)]).map(routeKey);
    expect(unknown).toEqual([]);
    const known = new Set(routes.map(routeKey));
    expect(Object.keys(routeAccess).filter((key) => !known.has(key))).toEqual([]);
  });

  function urlFor(pattern: string, access: RouteAccess): string {
    if (access.access !== "owner") return concreteUrl(pattern);
    // A second, numeric id (a message in the conversation) is any id: the object's owner check comes first.
    return pattern
      .replace(/:uuid|:id/, objects[access.object])
      .replace(/:[A-Za-z_]+Id\b/g, "1")
      .replace(/:[A-Za-z_]+/g, "x");
  }

  function requestInit(method: string, auth: Record<string, string>, body?: Record<string, unknown>): RequestInit {
    if (body) return jsonRequest(method, body, auth);
    return { method, headers: auth };
  }

  function leaked(text: string): string[] {
    return canaries.filter((canary) => canary && text.includes(canary));
  }

  /** The headers every answer carries, and no CORS grant to an origin that is not configured. */
  function headerFailures(key: string, response: Response): string[] {
    const failures: string[] = [];
    const csp = response.headers.get("content-security-policy") ?? "";
    if (!csp.includes("frame-ancestors 'none'") || !csp.includes("default-src 'self'")) failures.push(`${key}: CSP`);
    if (response.headers.get("x-content-type-options") !== "nosniff") failures.push(`${key}: nosniff`);
    if (response.headers.get("referrer-policy") !== "strict-origin-when-cross-origin") {
      failures.push(`${key}: referrer-policy`);
    }
    if (response.headers.get("access-control-allow-origin")) failures.push(`${key}: CORS for a foreign origin`);
    return failures;
  }

  it("answers a guest 401 on every route that is not public, with the security headers, and leaks nothing", async () => {
    const failures: string[] = [];
    for (const route of documentedRoutes()) {
      const access: RouteAccess = isStaffRoute(route.url)
        ? { access: "member" }
        : (routeAccess[routeKey(route)] ?? member);
      const response = await server.request(
        urlFor(route.url, access),
        requestInit(route.method, { Origin: "https://evil.example" }),
      );
      const text = await response.text();
      failures.push(...headerFailures(routeKey(route), response));
      if (access.access !== "public" && response.status !== 401) {
        failures.push(`${routeKey(route)}: guest got ${response.status}`);
      }
      if (response.status >= 500) failures.push(`${routeKey(route)}: guest got ${response.status}`);
      if (leaked(text).length > 0) failures.push(`${routeKey(route)}: a guest saw ${leaked(text).join(", ")}`);
    }
    expect(failures).toEqual([]);
  });

  it("refuses another member on console routes and on objects that are not theirs, leaking nothing", async () => {
    const failures: string[] = [];
    for (const route of documentedRoutes()) {
      const key = routeKey(route);
      const access = routeAccess[key];
      // A route that changes the caller's own session or account runs as a throwaway member, so B stays signed in.
      const caller = access?.access === "member" && access.spendsCaller ? await signedInMember(server) : other;
      const body = access?.access === "owner" ? access.body?.(objects[access.object]) : undefined;
      const url = access ? urlFor(route.url, access) : concreteUrl(route.url);
      const response = await server.request(url, requestInit(route.method, caller.auth, body));
      const text = await response.text();
      if (isStaffRoute(route.url) && response.status !== 403) failures.push(`${key}: a member got ${response.status}`);
      if (access?.access === "owner" && !(access.refusedWith ?? [403, 404]).includes(response.status)) {
        failures.push(`${key}: another member got ${response.status} for the owner's ${access.object}`);
      }
      if (response.status >= 500) failures.push(`${key}: another member got ${response.status}`);
      if (leaked(text).length > 0) failures.push(`${key}: another member saw ${leaked(text).join(", ")}`);
    }
    expect(failures).toEqual([]);
  });

  it("leaves the owner's objects as they were", async () => {
    const history = await server.request(`/api/user-conversations/${objects.conversation}/messages`, {
      headers: owner.auth,
    });
    expect(history.status).toBe(200);
    expect(await history.text()).toContain(privateLine);
    const ownPhotos = (await (await server.request("/api/profile/photos", { headers: owner.auth })).json()) as {
      data: Array<{ id: string }>;
    };
    expect(ownPhotos.data.map((photo) => photo.id)).toContain(objects.photo);
    const ownNotifications = await (await server.request("/api/user-notifications", { headers: owner.auth })).text();
    expect(ownNotifications).toContain(`"id":${objects.notification}`);
    const payment = await server.request(`/api/payments/${objects.payment}`, { headers: owner.auth });
    expect(payment.status).toBe(200);
  });
});

const member: RouteAccess = { access: "member" };
