// Prints, as JSON {text, values}, the statement the app's search issues for the benchmark member
// and a query string, from the app's own code (searchStatement), so the baseline replays the
// very same SQL with the very same parameters:
//   node --import tsx bench/api/search-statement.ts "gender=female&state=NSW" [database URL]
import { ZProfileSearchQuerySchema } from "@velvet/shared/api/profiles";
import { eq } from "drizzle-orm";
import { searchClock, searchStatement } from "../../apps/server/src/modules/profiles/search";
import { openDatabase } from "../../apps/server/src/platform/db/client";
import { users } from "../../apps/server/src/platform/db/schema/members";
import { BENCH_MEMBER, benchDatabaseUrl } from "../bench-database.mjs";

const SITE_TIMEZONE = "Australia/Sydney";

export async function searchStatementFor(
  queryString: string,
  databaseUrl: string = benchDatabaseUrl(),
): Promise<{ text: string; values: unknown[] }> {
  const database = await openDatabase({ databaseUrl, dataDir: null });
  try {
    const [viewer] = await database.db.select().from(users).where(eq(users.email, BENCH_MEMBER.email));
    if (!viewer) throw new Error("no benchmark member: run npm run bench:seed");
    const query = ZProfileSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString)));
    const { sql, params } = searchStatement(database.db, viewer, query, searchClock(SITE_TIMEZONE));
    return { text: sql, values: params };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const statement = await searchStatementFor(process.argv[2] ?? "", process.argv[3]);
  process.stdout.write(`${JSON.stringify(statement)}\n`);
}
