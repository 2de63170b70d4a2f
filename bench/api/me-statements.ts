// Prints, as JSON, the statements the app issues to answer POST /api/me for the benchmark member's
// latest session (the runner signs in first), captured from the app's own code through a logging
// database handle, grouped as the app runs them: the session lookup, then the photo, the message
// counts at once (the running promotion is cached by the process).
//   node --import tsx bench/api/me-statements.ts [database URL]
import { desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { loadCurrentUser } from "../../apps/server/src/modules/auth/current-user-service";
import { currentPromotion } from "../../apps/server/src/modules/promotions/current-promotion";
import { prepareSessionLookup } from "../../apps/server/src/modules/sessions/session-service";
import type { AppContext } from "../../apps/server/src/platform/app-context";
import { Caches } from "../../apps/server/src/platform/cache/caches";
import { loadConfig } from "../../apps/server/src/platform/config";
import type { Db } from "../../apps/server/src/platform/db/client";
import { schema } from "../../apps/server/src/platform/db/client";
import { authSessions } from "../../apps/server/src/platform/db/schema/auth";
import { users } from "../../apps/server/src/platform/db/schema/members";
import { TextNamingClient } from "../../apps/server/src/platform/db/statement-names";
import type { Authenticated } from "../../apps/server/src/platform/members/types";
import { LocalDiskStorage } from "../../apps/server/src/platform/storage/storage";
import { BENCH_MEMBER, benchDatabaseUrl } from "../bench-database.mjs";
import type { Statement } from "./messaging-statements";

export async function meStatements(databaseUrl: string = benchDatabaseUrl()) {
  // The app's own client class: its hot writes ask for statements named after their text (statement-names.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, Client: TextNamingClient });
  let statements: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, values) => statements.push({ text, values }) },
  }) as unknown as Db;
  try {
    const [latest] = await db
      .select({ sessionId: authSessions.id, userUuid: users.uuid })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(users.email, BENCH_MEMBER.email))
      .orderBy(desc(authSessions.createdAt))
      .limit(1);
    if (!latest) throw new Error("the benchmark member has no session: sign in first");
    statements = [];
    const [auth] = (await prepareSessionLookup(db).execute(latest)) as Authenticated[];
    if (!auth) throw new Error("the benchmark member's session did not load");
    const lookup = statements;
    statements = [];
    // The running promotion is cached for 30 s per process: per request the app does not ask for it.
    const caches = new Caches();
    await currentPromotion({ database: { db } as AppContext["database"], caches });
    statements = [];
    const config = loadConfig({ NODE_ENV: "development" });
    const context = {
      config,
      caches,
      database: { db },
      storage: new LocalDiskStorage("/nonexistent"),
    } as unknown as AppContext;
    await loadCurrentUser(context, auth);
    // The prepared lookup keeps its name, so the baseline prepares it once per connection as the app does.
    return [lookup.map((statement) => ({ ...statement, name: "authenticate_access_token" })), statements];
  } finally {
    await pool.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await meStatements(process.argv[2]))}\n`);
}
