import { accountMessages } from "@velvet/shared/validation/account-messages";
import { latestBirthdateForAge, todayInTimezone } from "@velvet/shared/validation/age";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/schema/admin";
import { users } from "../../platform/db/schema/members";
import { createMember, jsonRequest, signedInMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { hashPassword } from "../auth";
import { siteHour } from "../profiles";

const TIMEZONE = "Australia/Sydney";

let counter = 0;
function profileBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    username: `Fict_${Date.now().toString(36)}${counter}`.slice(0, 20),
    gender: "female",
    seeking: "male",
    birthdate: latestBirthdateForAge(29, todayInTimezone(TIMEZONE)),
    state: "QLD",
    city: "Cairns",
    headline: "Sun, reef and a cold drink",
    about_me: "Tell me about your day.",
    body_type: 4,
    eye_color: 3,
    hair_color: 4,
    tattoos_piercings: 3,
    interests: ["Beach", "Beach", "Diving"],
    ...overrides,
  };
}

describe("admin: fictional profiles", () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signedInMember>>;
  // Admin uploads must be approved even where members' uploads wait for moderation.
  beforeAll(async () => {
    server = await startTestServer({ PHOTO_AUTO_APPROVE: "false", SITE_TIMEZONE: TIMEZONE });
    admin = await signedInMember(server, { roles: ["admin"] });
  });
  afterAll(() => server.stop());

  const create = (body: Record<string, unknown>) =>
    server.request("/api/admin/fictional-profiles", jsonRequest("POST", body, admin.auth));
  const audits = (action: string) =>
    server.context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, action)));

  it("creates a profile with the members' field rules, audited, and edits it", async () => {
    const body = profileBody();
    const response = await create(body);
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(data).toMatchObject({
      username: body.username,
      age: 29,
      state: "QLD",
      city: "Cairns",
      interests: ["Beach", "Diving"],
      online_hours: [],
      operators: [],
      photos: [],
      conversations_count: 0,
      waiting_count: 0,
      thumb_url: "/avatars/default-female.svg",
    });
    const [row] = await server.context.database.db.select().from(users).where(eq(users.uuid, data.uuid));
    expect(row).toMatchObject({ isFictional: true, email: null, passwordHash: null, roles: ["member"] });
    expect((await audits("fictional_profile.created")).map((audit) => audit.targetUserId)).toContain(row?.id);

    const edited = await server.request(
      `/api/admin/fictional-profiles/${data.uuid}`,
      jsonRequest("PUT", { city: "Townsville", headline: "" }, admin.auth),
    );
    expect(edited.status).toBe(200);
    expect((await edited.json()).data).toMatchObject({ city: "Townsville", headline: null, state: "QLD" });
    const updates = await audits("fictional_profile.updated");
    expect(updates.at(-1)?.metadata).toEqual({ fields: ["city", "headline"] });
    const fetched = await (
      await server.request(`/api/admin/fictional-profiles/${data.uuid}`, { headers: admin.auth })
    ).json();
    expect(fetched.data.city).toBe("Townsville");
  });

  it("refuses invalid fields with the members' messages (422), a taken username included", async () => {
    const member = await createMember(server);
    const invalid = await create(
      profileBody({
        username: "no spaces!",
        birthdate: latestBirthdateForAge(17, todayInTimezone(TIMEZONE)),
        state: "XX",
        city: "",
        body_type: 9,
      }),
    );
    expect(invalid.status).toBe(422);
    const { errors } = await invalid.json();
    expect(Object.keys(errors).sort()).toEqual(["birthdate", "body_type", "city", "state", "username"]);
    expect(errors.username).toEqual([accountMessages.usernameFormat]);
    expect(errors.birthdate).toEqual([accountMessages.underage]);
    expect(errors.city).toEqual(["Please fill in your city"]);

    const taken = await create(profileBody({ username: member.username.toUpperCase() }));
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors).toEqual({ username: [accountMessages.usernameTaken] });

    const { data } = await (await create(profileBody())).json();
    const renamed = await server.request(
      `/api/admin/fictional-profiles/${data.uuid}`,
      jsonRequest("PUT", { username: member.username }, admin.auth),
    );
    expect(renamed.status).toBe(422);
    const empty = await server.request(
      `/api/admin/fictional-profiles/${data.uuid}`,
      jsonRequest("PUT", {}, admin.auth),
    );
    expect(empty.status).toBe(422);
    // A member is not a fictional profile: these routes do not reach them.
    const asMember = await server.request(
      `/api/admin/fictional-profiles/${member.uuid}`,
      jsonRequest("PUT", { city: "Perth" }, admin.auth),
    );
    expect(asMember.status).toBe(404);
  });

  it("lists profiles by username prefix, a page at a time", async () => {
    const prefix = `Pg${Date.now().toString(36)}`;
    for (const suffix of ["a", "b", "c"]) await create(profileBody({ username: `${prefix}${suffix}` }));
    const list = await (
      await server.request(`/api/admin/fictional-profiles?q=${prefix.toLowerCase()}`, { headers: admin.auth })
    ).json();
    expect(list.data.map((item: { username: string }) => item.username)).toEqual([
      `${prefix}a`,
      `${prefix}b`,
      `${prefix}c`,
    ]);
    expect(list.meta).toEqual({ current_page: 1, last_page: 1, total: 3 });
    const second = await (
      await server.request(`/api/admin/fictional-profiles?q=${prefix}&page=2`, { headers: admin.auth })
    ).json();
    expect(second.data).toEqual([]);
  });

  it("shows a profile as online now in members' search only inside its scheduled hours", async () => {
    const city = `Schedtown${Date.now().toString(36)}`;
    const { data } = await (await create(profileBody({ city }))).json();
    const searcher = await signedInMember(server);
    const onlineNow = async () => {
      const query = new URLSearchParams({ city, online: "1", gender: "female" });
      const page = await (await server.request(`/api/profiles?${query}`, { headers: searcher.auth })).json();
      return page.data.map((card: { uuid: string }) => card.uuid).includes(data.uuid);
    };
    const schedule = (hours: unknown) =>
      server.request(
        `/api/admin/fictional-profiles/${data.uuid}/schedule`,
        jsonRequest("PUT", { online_hours: hours }, admin.auth),
      );

    expect(await onlineNow()).toBe(false);
    const hour = siteHour(TIMEZONE);
    // The next hour too, so the test holds if the clock turns the hour meanwhile.
    const set = await schedule([(hour + 1) % 24, hour]);
    expect(set.status).toBe(200);
    expect((await set.json()).data).toMatchObject({ online_hours: [hour, (hour + 1) % 24].sort((a, b) => a - b) });
    expect(await onlineNow()).toBe(true);

    const elsewhere = Array.from({ length: 24 }, (_, index) => index).filter(
      (candidate) => candidate !== hour && candidate !== (hour + 1) % 24,
    );
    await schedule(elsewhere.slice(0, 6));
    expect(await onlineNow()).toBe(false);

    for (const invalid of [[24], [-1], [3, 3], [1.5], "9"]) expect((await schedule(invalid)).status).toBe(422);
    const changes = await audits("fictional_profile.schedule_set");
    expect(changes.filter((audit) => audit.targetUserId !== null).length).toBeGreaterThanOrEqual(2);
  });

  it("uploads photos through the photo pipeline, approved at once, and manages them", async () => {
    const { data: profile } = await (await create(profileBody())).json();
    const jpeg = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#3b7ea6" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "secret-photographer" } })
      .toBuffer();
    const upload = async (bytes: Buffer) => {
      const form = new FormData();
      form.append("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
      return server.request(`/api/admin/fictional-profiles/${profile.uuid}/photos`, {
        method: "POST",
        headers: admin.auth,
        body: form,
      });
    };
    const first = await upload(jpeg);
    expect(first.status).toBe(201);
    const { data: firstPhoto } = await first.json();
    expect(firstPhoto).toMatchObject({ status: "approved", is_primary: true });
    const served = Buffer.from(await (await server.request(firstPhoto.urls.large)).arrayBuffer());
    const metadata = await sharp(served).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();

    expect((await upload(Buffer.from("not an image"))).status).toBe(422);
    const { data: secondPhoto } = await (await upload(jpeg)).json();
    expect(secondPhoto.is_primary).toBe(false);

    const primary = await server.request(
      `/api/admin/fictional-profiles/${profile.uuid}/photos/${secondPhoto.id}/primary`,
      jsonRequest("PUT", undefined, admin.auth),
    );
    expect((await primary.json()).data[0]).toMatchObject({ id: secondPhoto.id, is_primary: true });

    // Members see the approved main photo on the profile straight away.
    const member = await signedInMember(server);
    const publicProfile = await (
      await server.request(`/api/profiles/${profile.uuid}`, { headers: member.auth })
    ).json();
    expect(publicProfile.data.photos).toHaveLength(2);
    expect(publicProfile.data.primary_photo.large).toBe(secondPhoto.urls.large);

    const deleted = await server.request(
      `/api/admin/fictional-profiles/${profile.uuid}/photos/${secondPhoto.id}`,
      jsonRequest("DELETE", undefined, admin.auth),
    );
    expect((await deleted.json()).data).toEqual([expect.objectContaining({ id: firstPhoto.id, is_primary: true })]);
    const list = await (
      await server.request(`/api/admin/fictional-profiles?q=${profile.username}`, { headers: admin.auth })
    ).json();
    expect(list.data[0].thumb_url).toBe(firstPhoto.urls.thumb);

    const actions = (await audits("fictional_profile.photo_added"))
      .concat(await audits("fictional_profile.photo_primary_set"), await audits("fictional_profile.photo_deleted"))
      .filter((audit) => audit.targetUserId !== null)
      .map((audit) => `${audit.action}:${(audit.metadata as { photo: string }).photo}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `fictional_profile.photo_added:${firstPhoto.id}`,
        `fictional_profile.photo_added:${secondPhoto.id}`,
        `fictional_profile.photo_primary_set:${secondPhoto.id}`,
        `fictional_profile.photo_deleted:${secondPhoto.id}`,
      ]),
    );
  });

  it("never lets a fictional profile sign in, not even with an email and password set on its row", async () => {
    const { data } = await (await create(profileBody())).json();
    // Impersonation is a way in too: it is refused for fictional profiles.
    const impersonation = await server.request(
      `/api/admin/users/${data.uuid}/impersonation`,
      jsonRequest("POST", undefined, admin.auth),
    );
    expect(impersonation.status).toBe(404);

    const email = `fiction-${Date.now()}@example.com`;
    await server.context.database.db
      .update(users)
      .set({ email, passwordHash: await hashPassword("a-password-1234"), emailVerifiedAt: new Date() })
      .where(eq(users.uuid, data.uuid));
    const login = await server.request("/api/login", jsonRequest("POST", { email, password: "a-password-1234" }));
    expect(login.status).toBe(422);
  });

  it("deactivates a fictional profile with the members' admin route: it leaves search and the operator list", async () => {
    const city = `Offtown${Date.now().toString(36)}`;
    const { data } = await (await create(profileBody({ city }))).json();
    const searcher = await signedInMember(server);
    const found = async () => {
      const page = await (
        await server.request(`/api/profiles?${new URLSearchParams({ city })}`, { headers: searcher.auth })
      ).json();
      return page.data.map((card: { uuid: string }) => card.uuid);
    };
    expect(await found()).toEqual([data.uuid]);
    const deactivated = await server.request(
      `/api/admin/members/${data.uuid}/deactivate`,
      jsonRequest("POST", undefined, admin.auth),
    );
    expect(deactivated.status).toBe(200);
    expect(await found()).toEqual([]);
    const operators = await (
      await server.request(`/api/operator/profiles?search=${data.username}`, { headers: admin.auth })
    ).json();
    expect(operators.data).toEqual([]);
    const listed = await (
      await server.request(`/api/admin/fictional-profiles?q=${data.username}`, { headers: admin.auth })
    ).json();
    expect(listed.data[0].deactivated_at).not.toBeNull();
  });
});
