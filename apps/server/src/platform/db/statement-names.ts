import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db } from "./client";

/**
 * Give this as the name of a drizzle `.prepare()` (or use `queryRowsPrepared`): the connection sends the statement
 * named after its own text, so PostgreSQL parses and plans it once per connection and reuses that from then on,
 * whatever the values, inside a transaction too. For the hot writes whose plans do not depend on their values
 * (primary-key and unique-index lookups): sending a message spent more of the machine's CPU in PostgreSQL planning
 * its five statements than in running them (bench/README.md, session 15). Not for statements whose best plan
 * depends on the values (the profile search): PostgreSQL may settle on one generic plan for a named statement.
 *
 * Only a pool made by openDatabase (client.ts) turns the marker into a name. A pg pool made anywhere else that runs
 * the app's services (the benchmarks' statement captures) must be given `Client: TextNamingClient`: a plain
 * pg.Client would send the marker itself as the name, and fail on the second text ("Prepared statements must be
 * unique").
 */
export const NAMED_BY_TEXT = "velvet:named-by-text";

/**
 * How many different texts get a name. The statements that ask for one come from a handful of places in the code,
 * so this is never reached; if a bug made texts vary (a value spliced into the text), the rest go unnamed instead
 * of filling every connection's memory with statements used once.
 */
const MAX_NAMED_TEXTS = 500;
const nameOfText = new Map<string, string>();

function nameFor(text: string): string | undefined {
  const known = nameOfText.get(text);
  if (known !== undefined || nameOfText.size >= MAX_NAMED_TEXTS) return known;
  const name = `t_${createHash("sha1").update(text).digest("hex").slice(0, 32)}`;
  nameOfText.set(text, name);
  return name;
}

// biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; these only rewrite the config object.
type QueryArgs = [config: any, ...rest: any[]];

/** The client on PostgreSQL itself: NAMED_BY_TEXT becomes a name derived from the text; other names pass as given. */
export class TextNamingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  override query(...[config, ...rest]: QueryArgs): any {
    if (config && typeof config === "object" && config.name === NAMED_BY_TEXT) {
      const { name: _marker, ...unnamed } = config;
      const name = typeof config.text === "string" ? nameFor(config.text) : undefined;
      return super.query(name ? { ...unnamed, name } : unnamed, ...rest);
    }
    return super.query(config, ...rest);
  }
}

/**
 * A connection that sends every statement unnamed. A named prepared statement lives on one server connection;
 * behind a transaction pooler the next request may get another one, where it does not exist ("prepared statement
 * ... does not exist"). Unnamed statements are parsed with each execution, inside the one pooled transaction.
 */
export class UnnamedStatementClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  override query(...[config, ...rest]: QueryArgs): any {
    if (config && typeof config === "object" && "name" in config && config.name) {
      const { name: _name, ...unnamed } = config;
      return super.query(unnamed, ...rest);
    }
    return super.query(config, ...rest);
  }
}

const dialect = new PgDialect();

/**
 * Rows of a raw SQL statement sent as NAMED_BY_TEXT on the caller's connection (a transaction's own, or the pool's).
 * The embedded database and a transaction pooler run it unnamed, as any other.
 */
export async function queryRowsPrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, NAMED_BY_TEXT, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}
