import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../platform/db/client";
import { creditLedger } from "../../platform/db/schema/credits";
import { users } from "../../platform/db/schema/members";
import { payments } from "../../platform/db/schema/payments";
import { clickEvents } from "../../platform/db/schema/tracking";
import { jsonRequest, reloadUser, signedInMember } from "../../test/factories";
import { memberWhoUsedEverything } from "../../test/member-activity";
import { startTestServer, type TestServer } from "../../test/support";

/**
 * The rows that may still reference a deleted member, each for the reason the privacy page and
 * docs/resilience-and-security.md give: payments and the ledger (accounting law), the anonymised users row
 * they point to, the audit trail of staff actions, and the conversations real members had with them.
 */
const documented: Record<string, string[]> = {
  payments: ["user_id"],
  credit_ledger: ["user_id"],
  account_flags: ["user_id"],
  audit_log: ["actor_id", "target_user_id"],
  conversations: ["initiator_id", "recipient_id"],
  conversation_members: ["partner_id"],
  messages: ["from_id", "to_id"],
};

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe("deleting an account", () => {
  let server: TestServer;
  let world: Awaited<ReturnType<typeof memberWhoUsedEverything>>;
  /** What identifies the member in text: each must be gone from every table and file. */
  let identifiers: string[];
  let theirFiles: string[];
  let paymentsBefore: number;

  const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    queryRows<T>(server.context.database.db, query);

  beforeAll(async () => {
    server = await startTestServer({ PHOTO_AUTO_APPROVE: "0" });
    world = await memberWhoUsedEverything(server);
    const { member } = world;
    const row = await reloadUser(server, member.id);
    identifiers = [member.uuid, member.username, member.email ?? "", row?.pendingEmail ?? "", row?.deviceId ?? ""];
    expect(identifiers.every(Boolean)).toBe(true);
    // Their files: each size of each photo, public or private, and the conversation images they uploaded.
    const keys = await rows<{ key: string }>(sql`select storage_key as key from photos where user_id = ${member.id}
      union all select storage_key from message_images where owner_id = ${member.id}`);
    const before = await filesUnder(server.context.config.dataDir);
    theirFiles = before.filter((file) => keys.some(({ key }) => file.includes(key)));
    expect(theirFiles.length).toBeGreaterThanOrEqual(2 * 3 + 2);
    paymentsBefore =
      (await rows<{ n: number }>(sql`select count(*)::int as n from payments where user_id = ${member.id}`))[0]?.n ?? 0;
    const deleted = await server.request(
      "/api/account",
      jsonRequest("DELETE", { password: member.password }, member.auth),
    );
    expect(deleted.status).toBe(200);
  });
  afterAll(() => server.stop());

  it("leaves no row referencing the member in any table but the documented ones", async () => {
    const { member } = world;
    // Every column of every table that references users, found from the database itself so new tables count.
    const references = await rows<{ table_name: string; column_name: string }>(sql`
      select kcu.table_name, kcu.column_name
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.table_name = 'users' and ccu.column_name = 'id'`);
    expect(references.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of references) {
      const [count] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${member.id}`,
      );
      if (count?.n && !documented[table]?.includes(column)) found.push(`${table}.${column}: ${count.n}`);
    }
    expect(found).toEqual([]);
    // The conversations that stay are real members' own; nobody real keeps one with a fictional profile.
    const [fictional] = await rows<{ n: number }>(sql`select count(*)::int as n from messages m
      join users f on f.id = case when m.from_id = ${member.id} then m.to_id else m.from_id end
      where (m.from_id = ${member.id} or m.to_id = ${member.id}) and f.is_fictional`);
    expect(fictional?.n).toBe(0);
  });

  it("leaves their uuid, username, email addresses and device id in no text or JSON of any table", async () => {
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'uuid', 'ARRAY')`);
    expect(columns.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      for (const identifier of identifiers) {
        const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}
          where strpos(lower(${sql.identifier(column)}::text), ${identifier.toLowerCase()}) > 0`);
        if (count?.n) found.push(`${table}.${column} holds ${identifier}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("leaves none of their files under DATA_DIR, and no file that names them", async () => {
    const after = await filesUnder(server.context.config.dataDir);
    expect(after.filter((file) => theirFiles.includes(file))).toEqual([]);
    const naming: string[] = [];
    for (const file of after) {
      const content = (await readFile(file)).toString("latin1").toLowerCase();
      const name = file.toLowerCase();
      for (const identifier of identifiers)
        if (name.includes(identifier.toLowerCase()) || content.includes(identifier.toLowerCase())) naming.push(file);
    }
    expect(naming).toEqual([]);
  });

  it("keeps payments and the ledger on the anonymised account", async () => {
    const { member } = world;
    const row = await reloadUser(server, member.id);
    expect(row).toMatchObject({
      email: null,
      passwordHash: null,
      birthdate: null,
      deviceId: null,
      registrationIp: null,
    });
    expect(row?.uuid).not.toBe(member.uuid);
    expect(row?.username).toBe(`deleted-${member.id}`);
    const db = server.context.database.db;
    expect(await db.select().from(payments).where(eq(payments.userId, member.id))).toHaveLength(paymentsBefore);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, member.id));
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(row?.credits);
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]?.deletedAt).toBeInstanceOf(Date);
  });

  it("leaves the partner their conversation, with the images the member sent removed", async () => {
    const { partner } = world;
    const list = await (await server.request("/api/user-conversations", { headers: partner.auth })).json();
    const conversation = list.data[0];
    expect(conversation.chatmate).toMatchObject({ username: `deleted-${world.member.id}`, online: false });
    const history = await (
      await server.request(`/api/user-conversations/${conversation.uuid}/messages`, { headers: partner.auth })
    ).json();
    const images = history.data.filter((message: { type: string }) => message.type === "image");
    const fromThem = images.filter((message: { from_id: number }) => message.from_id !== partner.id);
    const fromPartner = images.filter((message: { from_id: number }) => message.from_id === partner.id);
    expect(fromThem.map((message: { image: unknown }) => message.image)).toEqual([null]);
    expect(fromPartner[0].image).toMatchObject({ url: expect.stringContaining("/media-private/") });
    expect(history.data.some((message: { text: string | null }) => message.text === "Hello there, fancy a chat?")).toBe(
      true,
    );
  });
});

describe("deleting an account on a shared device", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("removes the device's anonymous clicks and the member's own, never another member's on that device", async () => {
    const { db } = server.context.database;
    const [leaving, staying] = await Promise.all([signedInMember(server), signedInMember(server)]);
    const deviceId = `shared-device-${leaving.uuid}`;
    await db
      .update(users)
      .set({ deviceId })
      .where(inArray(users.id, [leaving.id, staying.id]));
    await db.insert(clickEvents).values([
      { userId: leaving.id, deviceId, sectionType: "nav", buttonType: "bell_btn" },
      { userId: null, deviceId, sectionType: "nav", buttonType: "menu_btn" },
      { userId: staying.id, deviceId, sectionType: "foldout", buttonType: "close_btn" },
    ]);
    const deleted = await server.request(
      "/api/account",
      jsonRequest("DELETE", { password: leaving.password }, leaving.auth),
    );
    expect(deleted.status).toBe(200);
    const left = await db.select().from(clickEvents).where(eq(clickEvents.deviceId, deviceId));
    expect(left.map((row) => [row.userId, row.buttonType])).toEqual([[staying.id, "close_btn"]]);
  });
});
