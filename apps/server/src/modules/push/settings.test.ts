import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../platform/db/schema/members";
import { giveCredits, jsonRequest, mailsTo, signedInMember, waitForJobsToSettle } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { NotificationDigest } from "../notifications";

type Member = Awaited<ReturnType<typeof signedInMember>>;
const allOn = { email: true, push: true };
const defaults = { messages: allOn, likes: allOn, winks: allOn, favorites: allOn, visits: allOn };

describe("notification settings", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const path = "/api/account/notification-settings";
  const read = async (who: Member) => (await server.request(path, { headers: who.auth })).json();
  const save = (who: Member, body: unknown) => server.request(path, jsonRequest("PUT", body, who.auth));

  it("starts with everything on, saves each kind and channel, and answers only the caller's own", async () => {
    const owner = await signedInMember(server);
    const other = await signedInMember(server);
    expect(await read(owner)).toEqual({ data: defaults });
    const chosen = { ...defaults, likes: { email: false, push: true }, visits: { email: false, push: false } };
    const saved = await save(owner, chosen);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ data: chosen });
    expect(await read(owner)).toEqual({ data: chosen });
    expect(await read(other)).toEqual({ data: defaults });
    expect((await server.request(path)).status).toBe(401);
    expect((await server.request(path, jsonRequest("PUT", chosen))).status).toBe(401);
    expect((await save(owner, { ...chosen, winks: { email: "yes" } })).status).toBe(422);
  });

  it("keeps the older email switch: off (or unsubscribed) shows every email off; any email on turns it back on", async () => {
    const owner = await signedInMember(server);
    await server.context.database.db
      .update(users)
      .set({ preferences: { email: { notifications: false, newsletter: true } } })
      .where(eq(users.id, owner.id));
    const { data } = await read(owner);
    expect(Object.values(data).map((kind) => (kind as { email: boolean }).email)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(data.messages.push).toBe(true);
    await save(owner, { ...data, messages: { email: true, push: true } });
    const [row] = await server.context.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.preferences.email).toEqual({ notifications: true, newsletter: true });
    expect((await read(owner)).data.messages.email).toBe(true);
    expect((await read(owner)).data.likes.email).toBe(false);
  });

  it("turns every kind's email back on when the older switch is turned on with all of them off", async () => {
    const owner = await signedInMember(server);
    const noEmail = Object.fromEntries(
      Object.keys(defaults).map((kind) => [kind, { email: false, push: kind !== "visits" }]),
    );
    await save(owner, noEmail);
    await server.request(
      "/api/account/preferences",
      jsonRequest("PUT", { email: { notifications: true, newsletter: false } }, owner.auth),
    );
    expect(await read(owner)).toEqual({ data: { ...defaults, visits: { email: true, push: false } } });
  });

  it("leaves the kinds a member turned off out of the email digest", async () => {
    const away = await signedInMember(server);
    const writer = await signedInMember(server);
    await giveCredits(server, writer, 10);
    await save(away, { ...defaults, likes: { email: false, push: true } });
    await server.request(`/api/profiles/${away.uuid}/like`, { method: "POST", headers: writer.auth });
    await server.request(
      `/api/profiles/${away.uuid}/messages`,
      jsonRequest("POST", { type: "text", text: "hello there", client_id: randomUUID() }, writer.auth),
    );
    await new NotificationDigest(server.context, async () => false).runOnce();
    await waitForJobsToSettle(server);
    const mails = await mailsTo(server, away.email ?? "");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`${writer.username} sent you a message: “hello there” on Velvet Hearts`);
    expect(mails[0]?.text).not.toContain("liked your profile");
  });

  it("emails favourites and visits too, unless turned off", async () => {
    const away = await signedInMember(server);
    const fan = await signedInMember(server);
    await server.request(`/api/profiles/${away.uuid}/favorite`, { method: "POST", headers: fan.auth });
    await new NotificationDigest(server.context, async () => false).runOnce();
    await waitForJobsToSettle(server);
    const mails = await mailsTo(server, away.email ?? "");
    expect(mails.map((mail) => mail.subject)).toEqual([
      `${fan.username} added you to their favourites on Velvet Hearts`,
    ]);

    const quiet = await signedInMember(server);
    await save(quiet, { ...defaults, favorites: { email: false, push: true } });
    await server.request(`/api/profiles/${quiet.uuid}/favorite`, { method: "POST", headers: fan.auth });
    await new NotificationDigest(server.context, async () => false).runOnce();
    await waitForJobsToSettle(server);
    expect(await mailsTo(server, quiet.email ?? "")).toEqual([]);
  });
});
