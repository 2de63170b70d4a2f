// Not part of npm run bench: whether the profile search could run as named prepared statements, which PostgreSQL
// may answer from one generic plan (planned without the values) once it has planned a statement five times. For
// each search shape below, with values that change how many profiles match (states from the largest to the
// smallest, age bands, both genders), runs the app's own statement (search-statement.ts) under
// plan_cache_mode = force_custom_plan and force_generic_plan and prints both execution times and the planning time
// saved. A generic plan is safe for a shape only if it is about as fast for every value.
//   node --import tsx bench/api/search-generic-plans.ts [database URL]
import pg from "pg";
import { benchDatabaseUrl } from "../bench-database.mjs";
import { searchStatementFor } from "./search-statement";

const print = (line: string) => process.stdout.write(`${line}\n`);
const databaseUrl = process.argv[2] ?? benchDatabaseUrl();
const RUNS = 5;
let probes = 0;

const states = ["NSW", "VIC", "TAS", "NT"];
const shapes: Record<string, string[]> = {
  "gender, ages, state, photo (the benchmark's)": states.flatMap((state) =>
    ["female", "male"].map((gender) => `gender=${gender}&age_min=25&age_max=45&state=${state}&with_photo=1`),
  ),
  "ages only": ["age_min=18&age_max=20", "age_min=25&age_max=45", "age_min=90&age_max=99"],
  "state, newest first": states.map((state) => `state=${state}&sort=newest`),
  "online, gender": ["gender=female&online=1", "gender=male&online=1"],
  "username part": ["username=an", "username=zzq", "username=velvet"],
  "by distance": ["gender=female&sort=distance", "gender=male&sort=distance"],
};

async function timed(client: pg.Client, text: string, values: unknown[], mode: string) {
  await client.query(`set plan_cache_mode = ${mode}`);
  probes += 1;
  const name = `probe_${probes}`;
  await client.query({ name, text, values });
  const times: number[] = [];
  let planning = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const { rows } = await client.query(
      `explain (analyze, summary, format json) execute ${name}(${literals(client, values)})`,
    );
    const [result] = rows[0]["QUERY PLAN"];
    times.push(result["Execution Time"]);
    planning += result["Planning Time"] ?? 0;
  }
  times.sort((a, b) => a - b);
  return { execution: times[Math.floor(RUNS / 2)] ?? Number.NaN, planning: planning / RUNS };
}

// EXPLAIN EXECUTE takes no bound parameters: the values as literals, typed by the prepared statement.
const literals = (client: pg.Client, values: unknown[]) =>
  values.map((value) => (value === null ? "null" : client.escapeLiteral(String(value)))).join(", ");

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  print("| Shape | Query | Custom plan: planning / execution ms | Generic plan: planning / execution ms |");
  print("|---|---|---|---|");
  for (const [shape, queries] of Object.entries(shapes)) {
    const texts = new Set<string>();
    for (const query of queries) {
      const statement = await searchStatementFor(query, databaseUrl);
      texts.add(statement.text);
      const custom = await timed(client, statement.text, statement.values, "force_custom_plan");
      const generic = await timed(client, statement.text, statement.values, "force_generic_plan");
      print(
        `| ${shape} | ${query} | ${custom.planning.toFixed(2)} / ${custom.execution.toFixed(2)} | ${generic.planning.toFixed(2)} / ${generic.execution.toFixed(2)} |`,
      );
    }
    if (texts.size !== 1) print(`| ${shape} | (the queries gave ${texts.size} texts) | | |`);
  }
} finally {
  await client.end();
}
