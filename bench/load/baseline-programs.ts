// The busy evening's raw-pg limit: for each of the first members of the run's pairs, the statements the app itself
// issues for that member's clicks, with the member's own parameters, captured from the app's own services through a
// logging database handle (as bench/api/messaging-statements.ts does for one member): the search and its
// next page (with the route's "last search" update), a profile they open, their conversation list, the history of
// the conversation they share with their partner, and marking it read; and the operator queue once. Transactions
// keep their begin and commit, so the baseline replays each click statement for statement on one connection.
// Auth, the presenters and real-time delivery are not part of it (the baseline has none). Sending is not captured:
// baseline-send.mjs writes the app's send transaction out in raw pg.
//   node --import tsx bench/load/baseline-programs.ts <input.json> <output.json> [database URL]
// input: {members: [{id, conversationUuid}], operatorEmail}; output: {members: [{<click>: Statement[]}], queue}.
import { readFileSync, writeFileSync } from "node:fs";
import { ZProfileSearchQuerySchema } from "@velvet/shared/api/profiles";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { conversationHistory, listConversations } from "../../apps/server/src/modules/conversations/list-service";
import { markRead } from "../../apps/server/src/modules/conversations/state-service";
import { operatorQueue } from "../../apps/server/src/modules/operator/queue-service";
import { rememberLastSearch } from "../../apps/server/src/modules/profiles/saved-searches";
import { searchProfiles } from "../../apps/server/src/modules/profiles/search";
import { viewProfile } from "../../apps/server/src/modules/profiles/service";
import type { AppContext } from "../../apps/server/src/platform/app-context";
import { Caches } from "../../apps/server/src/platform/cache/caches";
import { loadConfig } from "../../apps/server/src/platform/config";
import type { Database, Db, PreparedStatement } from "../../apps/server/src/platform/db/client";
import { schema } from "../../apps/server/src/platform/db/client";
import { users } from "../../apps/server/src/platform/db/schema/members";
import { TextNamingClient } from "../../apps/server/src/platform/db/statement-names";
import type { Authenticated, UserRow } from "../../apps/server/src/platform/members/types";
import { LocalDiskStorage } from "../../apps/server/src/platform/storage/storage";
import type { Statement } from "../api/messaging-statements";
import { benchDatabaseUrl } from "../bench-database.mjs";
import { SEARCHES } from "./searches.mjs";

interface Input {
  members: Array<{ id: number; conversationUuid: string }>;
  operatorEmail: string;
}

const [inputPath, outputPath, databaseUrl = benchDatabaseUrl()] = process.argv.slice(2);
if (!inputPath || !outputPath) throw new Error("usage: baseline-programs.ts <input.json> <output.json> [database URL]");
const input = JSON.parse(readFileSync(inputPath, "utf8")) as Input;
const config = loadConfig({ NODE_ENV: "development" });
const caches = new Caches();
const context = (database: Database) =>
  ({
    config,
    caches,
    database,
    storage: new LocalDiskStorage("/nonexistent"),
    realtimeEvents: { kick() {} },
  }) as unknown as AppContext;
const setup = new pg.Pool({ connectionString: databaseUrl, max: 1 });
const plain = drizzle(setup, { schema }) as unknown as Db;

// One logging handle for every capture (capture() in messaging-statements.ts opens a pool per call: too slow for
// hundreds of members); `current` collects the statements of the click being captured.
let current: Statement[] = [];
// The app's own client class: its hot writes ask for statements named after their text (statement-names.ts).
const logging = new pg.Pool({ connectionString: databaseUrl, max: 4, Client: TextNamingClient });
const loggingDb = drizzle(logging, {
  schema,
  logger: { logQuery: (text, values) => current.push({ text, values }) },
}) as unknown as Db;
const loggingDatabase = {
  db: loggingDb,
  queryPrepared: async <T>(statement: PreparedStatement): Promise<T[]> => {
    current.push(statement);
    return (await logging.query(statement)).rows as T[];
  },
} as unknown as Database;

/** The statements `work` issues, and what it answered. */
async function captured<T>(work: (context: AppContext) => Promise<T>): Promise<{ statements: Statement[]; result: T }> {
  current = [];
  const result = await work(context(loggingDatabase));
  return { statements: current, result };
}

/** The member signed in as themselves (no impersonation), as the route hands it to the service. */
function asThemselves(user: UserRow): Authenticated {
  return { user, session: { impersonatorId: null } } as unknown as Authenticated;
}

async function viewerOf(id: number): Promise<UserRow> {
  const [viewer] = await plain.select().from(users).where(eq(users.id, id));
  if (!viewer) throw new Error(`no member ${id}`);
  return viewer as UserRow;
}

const members = [];
try {
  for (const [index, member] of input.members.entries()) {
    const viewer = await viewerOf(member.id);
    const query = ZProfileSearchQuerySchema.parse(
      Object.fromEntries(new URLSearchParams(SEARCHES[index % SEARCHES.length])),
    );
    const first = await captured(async (app) => {
      const page = await searchProfiles(app, viewer, query);
      await rememberLastSearch(app, viewer, query);
      return page;
    });
    const next = await captured((app) =>
      searchProfiles(app, viewer, { ...query, cursor: first.result.nextCursor ?? undefined }),
    );
    const card = first.result.cards[0];
    const profile = card
      ? await captured((app) => viewProfile(app, asThemselves(viewer), card.uuid))
      : { statements: [] };
    const list = await captured((app) =>
      listConversations(app, viewer, { page: 1, only_read: false, only_unread: false }),
    );
    const history = await captured((app) => conversationHistory(app, viewer, member.conversationUuid, { limit: 30 }));
    const newest = history.result.data.reduce((highest, message) => Math.max(highest, message.id), 0);
    const read = await captured((app) => markRead(app, viewer, member.conversationUuid, newest));
    members.push({
      search: first.statements,
      "search-next": next.statements,
      profile: profile.statements,
      "conversation-list": list.statements,
      history: history.statements,
      "mark-read": read.statements,
    });
  }
  const [operatorRow] = await plain.select().from(users).where(eq(users.email, input.operatorEmail));
  if (!operatorRow) throw new Error(`no operator ${input.operatorEmail}`);
  const queue = await captured((app) => operatorQueue(app, operatorRow as UserRow, {}));
  writeFileSync(outputPath, JSON.stringify({ members, queue: queue.statements }));
} finally {
  await Promise.all([setup.end(), logging.end()]);
}
