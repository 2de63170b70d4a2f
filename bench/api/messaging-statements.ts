// Prints, as JSON, the statements the app issues to answer the conversation list (page 1) and a
// history page for the benchmark member, captured from the app's own code through a logging
// database handle, grouped as the app runs them (statements in one group run concurrently):
//   node --import tsx bench/api/messaging-statements.ts [database URL]
// The baseline replays exactly these texts and parameters.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { conversationHistory, listConversations } from "../../apps/server/src/modules/conversations/list-service";
import type { AppContext } from "../../apps/server/src/platform/app-context";
import { loadConfig } from "../../apps/server/src/platform/config";
import type { Db } from "../../apps/server/src/platform/db/client";
import * as schema from "../../apps/server/src/platform/db/schema";
import { conversationMembers, conversations, users } from "../../apps/server/src/platform/db/schema";
import { LocalDiskStorage } from "../../apps/server/src/platform/storage/storage";
import { BENCH_MEMBER, benchDatabaseUrl } from "../bench-database.mjs";

export interface Statement {
  text: string;
  values: unknown[];
}

/** Runs `work` against the database and answers every statement it issued, in order. */
async function capture(databaseUrl: string, work: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const statements: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, values) => statements.push({ text, values }) },
  }) as unknown as Db;
  try {
    await work(db);
    return statements;
  } finally {
    await pool.end();
  }
}

export async function messagingStatements(databaseUrl: string = benchDatabaseUrl()) {
  const config = loadConfig({ NODE_ENV: "development" });
  const context = (db: Db) =>
    ({ config, database: { db }, storage: new LocalDiskStorage("/nonexistent") }) as unknown as AppContext;
  const setup = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const plain = drizzle(setup, { schema }) as unknown as Db;
  try {
    const [viewer] = await plain.select().from(users).where(eq(users.email, BENCH_MEMBER.email));
    if (!viewer) throw new Error("no benchmark member: run npm run bench:seed");
    // The member's longest conversation: history paging reads its newest page.
    const [longest] = await plain
      .select({ uuid: conversations.uuid })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .where(and(eq(conversationMembers.userId, viewer.id)))
      .orderBy(desc(sql`${conversationMembers.receivedCount}`), asc(conversations.id))
      .limit(1);
    if (!longest) throw new Error("the benchmark member has no conversations: run npm run bench:seed");

    const list = await capture(databaseUrl, (db) =>
      listConversations(context(db), viewer, { page: 1, only_read: false, only_unread: false }),
    );
    const history = await capture(databaseUrl, (db) =>
      conversationHistory(context(db), viewer, longest.uuid, { limit: 30 }),
    );
    return {
      conversationUuid: longest.uuid,
      // listConversations: counts, starred and the page at once, then the people and last messages at once.
      list: [list.slice(0, 3), list.slice(3)],
      // conversationHistory: the membership check, then the page.
      history: history.map((statement) => [statement]),
    };
  } finally {
    await setup.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await messagingStatements(process.argv[2]))}\n`);
}
