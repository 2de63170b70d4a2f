import type pg from "pg";

/** One step of `npm run bench:seed`; steps run in order on the freshly migrated benchmark database. */
export interface SeedStep {
  name: string;
  /** Inserts its rows and answers a one-line summary of what it inserted. */
  run(pool: pg.Pool): Promise<string>;
}

/** A column's SQL type (`bigint`, `timestamptz`, or an array type such as `text[]`) and one value per row. */
export type ColumnValues = { type: string; values: unknown[] };

/**
 * Inserts rows column by column through `unnest`, so any number of rows is one
 * statement with one parameter per column (a multi-row VALUES list hits
 * PostgreSQL's 65,535-parameter limit at a few thousand rows).
 */
export function insertColumns(
  pool: pg.Pool,
  table: string,
  columns: Record<string, ColumnValues>,
  returning?: string,
): Promise<pg.QueryResult> {
  const entries = Object.entries(columns);
  // unnest would flatten a 2-D array, so array columns travel as array literals (see arrayLiteral) in a text[].
  const isArray = (type: string) => type.endsWith("[]");
  const parameters = entries.map(
    ([, column], index) => `$${index + 1}::${isArray(column.type) ? "text" : column.type}[]`,
  );
  const selected = entries.map(([, column], index) =>
    isArray(column.type) ? `c${index}::${column.type}` : `c${index}`,
  );
  const aliases = entries.map((_, index) => `c${index}`);
  const text = `insert into ${table} (${entries.map(([name]) => name).join(", ")})
    select ${selected.join(", ")} from unnest(${parameters.join(", ")}) as t(${aliases.join(", ")})
    ${returning ? `returning ${returning}` : ""}`;
  return pool.query(
    text,
    entries.map(([, column]) => column.values),
  );
}

/** A PostgreSQL array literal, for an array column sent through insertColumns. */
export function arrayLiteral(items: readonly (string | number)[]): string {
  const quote = (item: string | number) =>
    typeof item === "number" ? String(item) : `"${item.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  return `{${items.map(quote).join(",")}}`;
}
