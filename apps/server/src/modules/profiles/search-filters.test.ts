import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { createMember, jsonRequest, reloadUser, signIn } from "../../test/factories";
import { logStatements } from "../../test/statement-log";
import { startTestServer, type TestServer } from "../../test/support";

type Profile = Partial<typeof users.$inferInsert>;

describe("richer search and saved searches", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  async function searcher() {
    const member = await createMember(server);
    await server.context.database.db.update(users).set({ seeking: "both" }).where(eq(users.id, member.id));
    return { member, auth: (await signIn(server, member.email ?? "", member.password)).authorization };
  }

  /** Members in a city of their own, so each test sees only the profiles it made. */
  async function townWith(profiles: Array<Profile>) {
    const city = `Filtertown${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const made = [];
    for (const profile of profiles) {
      const member = await createMember(server, profile.username ? { username: profile.username } : {});
      await server.context.database.db
        .update(users)
        .set({ ...profile, city })
        .where(eq(users.id, member.id));
      made.push(member);
    }
    return { city, made };
  }

  const search = async (auth: Record<string, string>, query: string) => {
    const response = await server.request(`/api/profiles?${query}`, { headers: auth });
    return { status: response.status, body: await response.json() };
  };
  const uuidsOf = (body: { data: Array<{ uuid: string }> }) => body.data.map((card) => card.uuid).sort();

  it("filters by body type, height range, looking for, interests and part of the username", async () => {
    const { auth } = await searcher();
    const tag = Date.now().toString(36).slice(-5);
    const { city, made } = await townWith([
      { bodyType: 4, heightCm: 170, lookingFor: 4, interests: ["Hiking", "Wine"], username: `Sunny${tag}` },
      { bodyType: 5, heightCm: 185, lookingFor: 1, interests: ["wine"], username: `Moon${tag}` },
      { bodyType: 4, heightCm: 160, lookingFor: 1, interests: ["Chess"], username: `sunset${tag}` },
    ]);
    const [sunny, moon, sunset] = made.map((member) => member.uuid) as [string, string, string];
    const where = `city=${city}`;

    expect(uuidsOf((await search(auth, `${where}&body_type=4`)).body)).toEqual([sunny, sunset].sort());
    expect(uuidsOf((await search(auth, `${where}&height_min=165&height_max=180`)).body)).toEqual([sunny]);
    expect(uuidsOf((await search(auth, `${where}&height_min=165`)).body)).toEqual([sunny, moon].sort());
    expect(uuidsOf((await search(auth, `${where}&looking_for=1`)).body)).toEqual([moon, sunset].sort());
    expect(uuidsOf((await search(auth, `${where}&interests=WINE`)).body)).toEqual([sunny, moon].sort());
    expect(uuidsOf((await search(auth, `${where}&interests=chess,%20hiking`)).body)).toEqual([sunny, sunset].sort());
    expect(uuidsOf((await search(auth, `${where}&username=SUN`)).body)).toEqual([sunny, sunset].sort());
    expect(uuidsOf((await search(auth, `${where}&username=sun&body_type=4&height_max=165`)).body)).toEqual([sunset]);
    // Wildcards in the typed text are letters, not patterns.
    expect((await search(auth, `${where}&username=%25%25`)).body.data).toEqual([]);
  });

  it("refuses impossible ranges and bad values with 422 and English field errors", async () => {
    const { auth } = await searcher();
    const ranges = await search(auth, "age_min=40&age_max=30&height_min=180&height_max=150");
    expect(ranges.status).toBe(422);
    expect(ranges.body.errors).toEqual({
      age_max: ["The age to field must be at least the age from field"],
      height_max: ["The height to field must be at least the height from field"],
    });
    const values = await search(auth, "body_type=9&height_min=90&username=a");
    expect(values.status).toBe(422);
    expect(Object.keys(values.body.errors).sort()).toEqual(["body_type", "height_min", "username"]);
    for (const messages of Object.values(values.body.errors) as string[][]) expect(messages[0]).toMatch(/^The /);
  });

  it("remembers the first page of the last search in preferences.search, and keeps the email settings", async () => {
    const { member, auth } = await searcher();
    await server.request(
      "/api/account/preferences",
      jsonRequest("PUT", { email: { notifications: false, newsletter: true } }, auth),
    );
    await search(auth, "state=VIC&age_min=25&online=1&sort=newest&interests=Wine");
    const me = await (await server.request("/api/me", { method: "POST", headers: auth })).json();
    expect(me.data.preferences.search.last).toEqual({
      age_min: "25",
      state: "VIC",
      online: "1",
      interests: "wine",
      sort: "newest",
    });
    expect(me.data.preferences.email).toEqual({ notifications: false, newsletter: true });
    const stored = await reloadUser(server, member.id);
    expect(stored?.preferences.email).toEqual({ notifications: false, newsletter: true });
  });

  it("sends no write when the first page repeats the member's last search, and writes a different one", async () => {
    const { member, auth } = await searcher();
    const preferenceWrites = (texts: string[]) =>
      texts.filter((text) => /^update "users"/i.test(text.trim()) && text.includes("'{search}'")).length;
    await search(auth, "state=QLD&with_photo=1");
    const log = logStatements(server);
    expect((await search(auth, "with_photo=1&state=QLD")).status).toBe(200);
    expect((await search(auth, "state=QLD&with_photo=1")).status).toBe(200);
    const repeated = preferenceWrites(log.texts);
    expect((await search(auth, "state=QLD")).status).toBe(200);
    log.stop();
    expect(repeated).toBe(0);
    expect(preferenceWrites(log.texts)).toBe(1);
    expect((await reloadUser(server, member.id))?.preferences.search?.last).toEqual({ state: "QLD" });
  });

  it("keeps up to five named searches, replaces one saved again under its name, and deletes one", async () => {
    const { auth } = await searcher();
    const save = (name: string, params: Record<string, string>) =>
      server.request("/api/saved-searches", jsonRequest("POST", { name, params }, auth));

    const first = await save("Melbourne girls", { gender: "female", state: "VIC", online: "1" });
    expect(first.status).toBe(201);
    const saved = (await first.json()).data.saved;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      name: "Melbourne girls",
      params: { gender: "female", state: "VIC", online: "1" },
    });

    for (const name of ["Two", "Three", "Four", "Five"]) expect((await save(name, { age_min: "30" })).status).toBe(201);
    const sixth = await save("Six", { age_min: "30" });
    expect(sixth.status).toBe(422);
    expect((await sixth.json()).errors.name).toEqual([
      "You can keep up to 5 saved searches. Delete one to save this search.",
    ]);
    const replaced = await save("melbourne GIRLS", { state: "VIC" });
    expect(replaced.status).toBe(201);
    const list = (await replaced.json()).data.saved as Array<{ id: string; name: string; params: object }>;
    expect(list).toHaveLength(5);
    expect(list[0]).toMatchObject({ name: "melbourne GIRLS", params: { state: "VIC" } });

    const listed = await (await server.request("/api/saved-searches", { headers: auth })).json();
    expect(listed.data.saved.map((entry: { name: string }) => entry.name)).toEqual(list.map((entry) => entry.name));

    const removed = await server.request(`/api/saved-searches/${list[0]?.id}`, { method: "DELETE", headers: auth });
    expect(removed.status).toBe(200);
    expect((await removed.json()).data.saved).toHaveLength(4);
    expect((await save("Six", { age_min: "30" })).status).toBe(201);
  });

  it("validates a saved search like the search itself", async () => {
    const { auth } = await searcher();
    const response = await server.request(
      "/api/saved-searches",
      jsonRequest("POST", { name: " ", params: { age_min: "50", age_max: "20" } }, auth),
    );
    expect(response.status).toBe(422);
    const errors = (await response.json()).errors;
    expect(errors.name).toEqual(["The name field is required"]);
    expect(errors["params.age_max"]).toEqual(["The age to field must be at least the age from field"]);
  });

  it("never lets a member see or delete another member's saved search", async () => {
    const owner = await searcher();
    const other = await searcher();
    const saved = await server.request(
      "/api/saved-searches",
      jsonRequest("POST", { name: "Mine", params: { state: "QLD" } }, owner.auth),
    );
    const id = (await saved.json()).data.saved[0].id as string;
    expect((await (await server.request("/api/saved-searches", { headers: other.auth })).json()).data.saved).toEqual(
      [],
    );
    expect((await server.request(`/api/saved-searches/${id}`, { method: "DELETE", headers: other.auth })).status).toBe(
      404,
    );
    expect(
      (await (await server.request("/api/saved-searches", { headers: owner.auth })).json()).data.saved,
    ).toHaveLength(1);
    expect((await server.request("/api/saved-searches")).status).toBe(401);
    expect((await server.request(`/api/saved-searches/${id}`, { method: "DELETE" })).status).toBe(401);
  });
});
