import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTokens } from "../../platform/db/schema/auth";
import { createMember } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";
import { authLetters } from "./mail-letters";

// Two connections at once: PostgreSQL only (the embedded database has one connection, so nothing interleaves there).
describe.skipIf(!process.env.DATABASE_URL)("sign-in link letters beside an account deletion", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("waits for a deletion in progress and then writes no token for the deleted account", async () => {
    const member = await createMember(server, { verified: false });
    const { databaseUrl } = server.context.config;
    const deletion = new pg.Client({ connectionString: databaseUrl });
    await deletion.connect();
    try {
      // What accounts/erasure.ts does first: the member's row held, then (here, at once) marked deleted.
      await deletion.query("begin");
      await deletion.query("select id from users where id = $1 for update", [member.id]);
      await deletion.query("update users set deleted_at = now() where id = $1", [member.id]);

      let settled = false;
      const letter = authLetters(server.context)
        .verify_email({ user_id: member.id, email: member.email ?? "" })
        .finally(() => {
          settled = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Without the lock the letter read the member as still there and wrote its token meanwhile.
      expect(settled).toBe(false);
      await deletion.query("commit");

      expect(await letter).toBeUndefined();
      const tokens = await server.context.database.db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.userId, member.id));
      expect(tokens).toEqual([]);
    } finally {
      await deletion.end();
    }
  });
});
