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
import type { Database, Db, PreparedStatement } from "../../apps/server/src/platform/db/client";
import { schema } from "../../apps/server/src/platform/db/client";
import { conversationMembers, conversations } from "../../apps/server/src/platform/db/schema/conversations";
import { users } from "../../apps/server/src/platform/db/schema/members";
import { TextNamingClient } from "../../apps/server/src/platform/db/statement-names";
import { LocalDiskStorage } from "../../apps/server/src/platform/storage/storage";
import { BENCH_MEMBER, benchDatabaseUrl } from "../bench-database.mjs";

export interface Statement {
  /** Present for the app's named prepared statements; the baseline prepares them by the same name. */
  name?: string;
  text: string;
  values: unknown[];
}

/** Runs `work` against the database and answers every statement it issued, in order. */
async function capture(databaseUrl: string, work: (database: Database) => Promise<unknown>): Promise<Statement[]> {
  // The app's own client class: its hot writes ask for statements named after their text (statement-names.ts).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, Client: TextNamingClient });
  const statements: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, values) => statements.push({ text, values }) },
  }) as unknown as Db;
  const queryPrepared = async <T>(statement: PreparedStatement): Promise<T[]> => {
    statements.push(statement);
    return (await pool.query(statement)).rows as T[];
  };
  try {
    await work({ db, queryPrepared } as unknown as Database);
    return statements;
  } finally {
    await pool.end();
  }
}

export async function messagingStatements(databaseUrl: string = benchDatabaseUrl()) {
  const config = loadConfig({ NODE_ENV: "development" });
  const context = (database: Database) =>
    ({ config, database, storage: new LocalDiskStorage("/nonexistent") }) as unknown as AppContext;
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

    const list = await capture(databaseUrl, (database) =>
      listConversations(context(database), viewer, { page: 1, only_read: false, only_unread: false }),
    );
    const history = await capture(databaseUrl, (database) =>
      conversationHistory(context(database), viewer, longest.uuid, { limit: 30 }),
    );
    return {
      conversationUuid: longest.uuid,
      // One statement each, run one after another as the app runs them.
      list: list.map((statement) => [statement]),
      history: history.map((statement) => [statement]),
    };
  } finally {
    await setup.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await messagingStatements(process.argv[2]))}\n`);
}
