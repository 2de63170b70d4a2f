// The baseline of `npm run bench`: the least one could write to answer the same queries. A bare
// Fastify app and a raw `pg` Pool of the app's size (10), no ORM, no auth, no validation, no
// presenter. The runner sends it, over IPC, the statements to replay (the app's own SQL and
// parameters, see search-statement.ts); GET /sql/:name runs one and answers its rows as JSON.
// GET /hello is the bare route other measurements compare against. POST /load/... are the busy evening's
// per-member routes (bench/load/baseline-routes.mjs).
import Fastify from "fastify";
import pg from "pg";
import { loadRoutes } from "../load/baseline-routes.mjs";
import { resetBaselineOutbox, sendLikeTheApp } from "./baseline-send.mjs";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const statements = new Map();
/** Named lists of statement groups: groups run one after another, the statements of a group at once (as the app does). */
const programs = new Map();
const app = Fastify({ logger: false });

app.get("/hello", async () => ({ hello: "world" }));

app.get("/sql/:name", async (request, reply) => {
  const statement = statements.get(request.params.name);
  if (!statement) return reply.code(404).send({ message: "no such statement" });
  const { rows } = await pool.query(statement);
  return { data: rows };
});

app.get("/program/:name", async (request, reply) => {
  const groups = programs.get(request.params.name);
  if (!groups) return reply.code(404).send({ message: "no such program" });
  let rows = [];
  for (const group of groups) {
    const results = await Promise.all(group.map((statement) => pool.query(statement)));
    rows = results.flatMap((result) => result.rows);
  }
  return { data: rows };
});

// The send benchmark: the app's send transaction in raw pg, for the sender and conversation in the body.
app.post("/send", async (request) => ({ data: await sendLikeTheApp(pool, request.body) }));

process.on("message", async (message) => {
  if (message.type !== "start") return;
  for (const [name, statement] of Object.entries(message.statements)) statements.set(name, statement);
  for (const [name, groups] of Object.entries(message.programs ?? {})) programs.set(name, groups);
  // The busy evening (bench/load/run.mjs): per-member routes replaying each member's own statements.
  if (message.load) loadRoutes(app, pool, message.load);
  await resetBaselineOutbox(pool);
  await app.listen({ host: "127.0.0.1", port: 0 });
  process.send({ type: "ready", port: app.server.address().port });
});
