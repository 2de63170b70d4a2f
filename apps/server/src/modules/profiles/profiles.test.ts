import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { notifications } from "../../platform/db/schema/notifications";
import { createMember, jsonRequest, reloadUser, signIn } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

const PUBLIC_FIELDS = [
  "uuid",
  "username",
  "gender",
  "seeking",
  "age",
  "state",
  "city",
  "headline",
  "about_me",
  "body_type",
  "eye_color",
  "hair_color",
  "tattoos_piercings",
  "height_cm",
  "relationship_status",
  "looking_for",
  "interests",
  "last_active_at",
  "online",
  "primary_photo",
  "photos",
  "relation",
].sort();

describe("profiles", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  async function memberWithSession(options: Parameters<typeof createMember>[1] = {}) {
    const member = await createMember(server, options);
    return { member, session: await signIn(server, member.email ?? "", member.password) };
  }

  it("answers 401 to guests", async () => {
    const other = await createMember(server);
    expect((await server.request("/api/profiles")).status).toBe(401);
    expect((await server.request(`/api/profiles/${other.uuid}`)).status).toBe(401);
  });

  it("shows another member's public view and never an account field", async () => {
    const { session } = await memberWithSession();
    const other = await createMember(server);
    const response = await server.request(`/api/profiles/${other.uuid}`, { headers: session.authorization });
    expect(response.status).toBe(200);
    const text = await response.text();
    const { data } = JSON.parse(text);
    expect(Object.keys(data).sort()).toEqual(PUBLIC_FIELDS);
    expect(data.age).toBeGreaterThanOrEqual(18);
    expect(data.primary_photo.thumb).toBe("/avatars/default-male.svg");
    expect(data.relation).toEqual({ liked: false, winked: false, favorited: false, blocked: false });
    for (const secret of [other.email ?? "", "1990-01-15", "argon2", other.passwordHash ?? ""])
      expect(text).not.toContain(secret);
  });

  it("counts a visit once an hour, tells the owner, and lists the visitor until the owner looks", async () => {
    const { member: viewer, session } = await memberWithSession();
    const { member: owner, session: ownerSession } = await memberWithSession();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await server.request(`/api/profiles/${owner.uuid}`, { headers: session.authorization })).status).toBe(
        200,
      );
    }
    const after = await reloadUser(server, owner.id);
    expect(after?.visitsCount).toBe(1);
    expect(after?.newVisitorsCount).toBe(1);
    const views = await server.context.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.actionType, "PROFILE_VIEW")));
    expect(views).toHaveLength(1);
    expect(views[0]?.data).toMatchObject({
      action_type: "PROFILE_VIEW",
      from_user_uuid: viewer.uuid,
      viewer: { uuid: viewer.uuid, username: viewer.username },
    });

    const visitors = await (await server.request("/api/my-visitors", { headers: ownerSession.authorization })).json();
    expect(visitors.data.map((card: { uuid: string }) => card.uuid)).toEqual([viewer.uuid]);
    expect((await reloadUser(server, owner.id))?.newVisitorsCount).toBe(0);
    const me = await (await server.request("/api/me", { method: "POST", headers: ownerSession.authorization })).json();
    expect(me.data).toMatchObject({ visits_count: 1, new_visitors_count: 0 });
  });

  it("edits the member's own profile and marks it complete once the needed fields are there", async () => {
    const { session } = await memberWithSession();
    const update = {
      state: "VIC",
      city: "Geelong",
      headline: "Coffee first",
      about_me: "Beach walks and bad puns.",
      body_type: 4,
      eye_color: 3,
      hair_color: 4,
      height_cm: 180,
      relationship_status: 1,
      looking_for: 2,
      interests: ["Surfing", "Surfing", "Wine"],
    };
    const response = await server.request("/api/profile", jsonRequest("PUT", update, session.authorization));
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data).toMatchObject({
      city: "Geelong",
      interests: ["Surfing", "Wine"],
      profile_complete: true,
      birthdate: "1990-01-15",
    });
    const own = await (await server.request("/api/profile", { headers: session.authorization })).json();
    expect(own.data.profile_complete).toBe(true);

    const invalid = await server.request(
      "/api/profile",
      jsonRequest("PUT", { body_type: 9, city: "" }, session.authorization),
    );
    expect(invalid.status).toBe(422);
    expect(Object.keys((await invalid.json()).errors).sort()).toEqual(["body_type", "city"]);
  });

  it("names what completion still needs, takes Unknown eye and hair colour, and needs no photo", async () => {
    const { session } = await memberWithSession();
    const own = async () =>
      (await (await server.request("/api/profile", { headers: session.authorization })).json()).data;
    const me = async () =>
      (await (await server.request("/api/me", { method: "POST", headers: session.authorization })).json()).data;
    await server.request("/api/profile", jsonRequest("PUT", { headline: "", about_me: "" }, session.authorization));
    expect((await own()).profile_missing).toEqual(expect.arrayContaining(["headline", "about_me"]));
    expect((await me()).profile_complete).toBe(false);

    const answers = {
      state: "NSW",
      headline: "Coffee first",
      body_type: 1,
      eye_color: 1,
      hair_color: 1,
      tattoos_piercings: 1,
      relationship_status: 1,
      looking_for: 2,
    };
    const partly = await server.request("/api/profile", jsonRequest("PUT", answers, session.authorization));
    expect((await partly.json()).data).toMatchObject({ profile_complete: false, profile_missing: ["about_me"] });

    const saved = await server.request(
      "/api/profile",
      jsonRequest("PUT", { about_me: "Beach walks." }, session.authorization),
    );
    expect((await saved.json()).data).toMatchObject({ profile_complete: true, profile_missing: [], photos: [] });
    expect((await me()).profile_complete).toBe(true);
  });

  it("hides deactivated members, staff and the member themself from search, and refuses a deactivated searcher", async () => {
    const { member, session } = await memberWithSession();
    const visible = await createMember(server);
    const deactivated = await createMember(server);
    const staff = await createMember(server, { roles: ["operator"] });
    await server.context.database.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, deactivated.id));
    await server.context.database.db.update(users).set({ seeking: "both" }).where(eq(users.id, member.id));

    const uuids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await (
        await server.request(`/api/profiles${cursor ? `?cursor=${cursor}` : ""}`, { headers: session.authorization })
      ).json();
      uuids.push(...page.data.map((card: { uuid: string }) => card.uuid));
      cursor = page.meta.next_cursor;
    } while (cursor);
    expect(uuids).toContain(visible.uuid);
    for (const hidden of [member.uuid, deactivated.uuid, staff.uuid]) expect(uuids).not.toContain(hidden);
    expect((await server.request(`/api/profiles/${deactivated.uuid}`, { headers: session.authorization })).status).toBe(
      404,
    );

    await server.context.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, member.id));
    expect((await server.request("/api/profiles", { headers: session.authorization })).status).toBe(403);
  });

  it("returns every matching profile exactly once across pages while new profiles are added", async () => {
    const { session } = await memberWithSession();
    const city = `Pagingtown${Date.now()}`;
    const created: string[] = [];
    for (let index = 0; index < 60; index++) {
      const member = await createMember(server);
      await server.context.database.db.update(users).set({ city }).where(eq(users.id, member.id));
      created.push(member.uuid);
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: URLSearchParams = new URLSearchParams({
        city,
        gender: "male",
        sort: "newest",
        ...(cursor ? { cursor } : {}),
      });
      const page: { data: Array<{ uuid: string }>; meta: { next_cursor: string | null } } = await (
        await server.request(`/api/profiles?${query}`, { headers: session.authorization })
      ).json();
      seen.push(...page.data.map((card) => card.uuid));
      cursor = page.meta.next_cursor;
      pages += 1;
      // New sign-ups arrive in the same city while the member scrolls.
      const late = await createMember(server);
      await server.context.database.db.update(users).set({ city }).where(eq(users.id, late.id));
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...created].sort());
  });

  it("sorts by distance: the member's own state first, each part by last activity, across pages exactly once", async () => {
    const { session } = await memberWithSession();
    const city = `Distanceville${Date.now()}`;
    const elsewhere = ["VIC", "QLD", "TAS", "WA"] as const;
    const expected: Array<{ uuid: string; sameState: boolean; lastActiveAt: number }> = [];
    for (let index = 0; index < 30; index++) {
      const member = await createMember(server);
      // 26 in the member's state (NSW): the first page ends inside it, the second crosses into the rest.
      const state = index % 7 === 3 ? (elsewhere[index % 4] ?? "VIC") : "NSW";
      const lastActiveAt = Date.now() - ((index * 7) % 30) * 60_000;
      await server.context.database.db
        .update(users)
        .set({ city, state, lastActiveAt: new Date(lastActiveAt) })
        .where(eq(users.id, member.id));
      expected.push({ uuid: member.uuid, sameState: state === "NSW", lastActiveAt });
    }
    expected.sort((a, b) => Number(b.sameState) - Number(a.sameState) || b.lastActiveAt - a.lastActiveAt);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: URLSearchParams = new URLSearchParams({
        city,
        gender: "male",
        sort: "distance",
        ...(cursor ? { cursor } : {}),
      });
      const page: { data: Array<{ uuid: string }>; meta: { next_cursor: string | null } } = await (
        await server.request(`/api/profiles?${query}`, { headers: session.authorization })
      ).json();
      seen.push(...page.data.map((card) => card.uuid));
      cursor = page.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expected.map((member) => member.uuid));
  });

  it("refuses a tampered cursor with the 422 envelope", async () => {
    const { session } = await memberWithSession();
    const response = await server.request("/api/profiles?cursor=not-a-cursor", { headers: session.authorization });
    expect(response.status).toBe(422);
    expect((await response.json()).errors.cursor).toEqual(["The cursor field is invalid"]);
  });
});
