// npm run bench:many-members: hundreds of different signed-in members spending an evening on the site, against two
// servers of the same build in one run, A as shipped and B with the environment BENCH_B_ENV adds ("NAME=value,..."):
// the way to measure a cache or any switch on realistic traffic (a cache is kept only if it gains at least 20% here). Without BENCH_B_ENV the two are identical, and the spread of their ratio is the machine's noise.
//
// Each member loops over a visit with think times between requests, as a person clicks: the current user (page
// load), the inbox, one of their conversations and its newest messages, marking it read, often a message sent, the
// inbox again, then browsing profiles (a filtered search and one profile); then a longer pause before the next
// visit. Both servers run side by side on the benchmark database (`npm run bench:seed`); the rounds alternate which
// goes first, so the noise of a shared machine falls on both, and the ratio is taken within each round.
//
// It also counts the requests a per-process cache could have answered at most: a member asking the same list or
// history page again within 2 s with no write of theirs in between, and a list, history or send coming within 1 s of
// that member's previous one (the windows of the read cache and the session shortcut once measured).
//
// Env: BENCH_MEMBERS (300), BENCH_ROUNDS (4), BENCH_DURATION (seconds a side per round, 60), BENCH_WARMUP (15),
// BENCH_B_ENV.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import pg from "pg";
import { benchDatabaseUrl } from "../bench-database.mjs";
import { ACTIVE_MEMBER, preparePasswordsAndCredits, signIn } from "./members.mjs";
import { FILTERED_SEARCH } from "./scenarios.mjs";
import { BENCH_SITE_KEY, startVelvet } from "./servers.mjs";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 60);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 15);
/** Between two clicks of one member, and between two visits. */
const THINK_MS = [1_000, 4_000];
const VISIT_PAUSE_MS = [5_000, 15_000];
const SEND_PROBABILITY = 0.6;
const CREDITS = 1_000_000;
const READ_REPEAT_MS = 2_000;
const HOT_REPEAT_MS = 1_000;
const READ_KINDS = new Set(["inbox", "history"]);
const HOT_KINDS = new Set(["inbox", "history", "send"]);
const WRITE_KINDS = new Set(["read", "send"]);

const progress = (line) => process.stderr.write(`${line}\n`);
const sorted = (values) => [...values].sort((a, b) => a - b);
const quantile = (values, q) => {
  const ordered = sorted(values);
  return ordered.length === 0 ? Number.NaN : ordered[Math.min(ordered.length - 1, Math.floor(q * ordered.length))];
};
const median = (values) => quantile(values, 0.5);
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const between = ([low, high]) => low + Math.random() * (high - low);
const sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    signal.addEventListener("abort", wake, { once: true });
  });

/**
 * MEMBERS members with a conversation with a live partner neither blocked, given the benchmark member's password and
 * credits (members.mjs), so each can sign in and send.
 */
async function chooseMembers(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select u.id, u.email from users u
        where ${ACTIVE_MEMBER}
          and exists (select 1 from conversation_members m join users p on p.id = m.partner_id
                       where m.user_id = u.id and p.deleted_at is null and p.deactivated_at is null
                         and not exists (select 1 from interactions i where i.kind = 'block'
                           and ((i.from_user_id = u.id and i.to_user_id = p.id)
                             or (i.from_user_id = p.id and i.to_user_id = u.id))))
        order by md5(u.id::text) limit $1`,
      [MEMBERS],
    );
    if (rows.length < MEMBERS) throw new Error(`only ${rows.length} members fit: run npm run bench:seed`);
    await preparePasswordsAndCredits(
      client,
      rows.map((row) => row.id),
      CREDITS,
      "bench-many",
    );
    return rows.map((row) => row.email);
  } finally {
    await client.end();
  }
}

/** Signs every member in, four at a time (sign-in hashes the password: the expensive part of the setup). */
async function signInAll(url, emails) {
  const tokens = new Array(emails.length);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const index = next++;
      tokens[index] = await signIn(url, emails[index]);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return tokens;
}

/** Counts the requests a read cache or a recent session check could have answered (see the top of the file). */
function countRepeats(memory, samples, kind, path, started) {
  if (READ_KINDS.has(kind)) {
    const last = memory.reads.get(path);
    if (last !== undefined && started - last < READ_REPEAT_MS && memory.lastWrite < last) samples.readRepeats += 1;
    memory.reads.set(path, started);
  }
  if (WRITE_KINDS.has(kind)) memory.lastWrite = started;
  if (HOT_KINDS.has(kind)) {
    if (started - memory.lastHotEnd < HOT_REPEAT_MS) samples.hotRepeats += 1;
    samples.hotRequests += 1;
  }
}

/** One request, timed into `samples` under its kind; a non-2xx answer is counted, not thrown. */
async function request(target, token, samples, memory, kind, method, path, body) {
  const started = performance.now();
  countRepeats(memory, samples, kind, path, started);
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers: {
      "X-Site-Key": BENCH_SITE_KEY,
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (HOT_KINDS.has(kind)) memory.lastHotEnd = performance.now();
  if (!response.ok) {
    samples.failures.push(`${kind} ${response.status} ${text.slice(0, 200)}`);
    return undefined;
  }
  samples.byKind[kind] ??= [];
  samples.byKind[kind].push(ms);
  samples.all.push(ms);
  return JSON.parse(text);
}

/** One member's evening until `signal` aborts: visit after visit, with think times. */
async function member(target, token, samples, signal) {
  const memory = { reads: new Map(), lastWrite: Number.NEGATIVE_INFINITY, lastHotEnd: Number.NEGATIVE_INFINITY };
  const click = async (kind, method, path, body) => {
    if (signal.aborted) return undefined;
    const answer = await request(target, token, samples, memory, kind, method, path, body);
    await sleep(between(THINK_MS), signal);
    return answer;
  };
  // Members arrive over the first visit pause, not all at once.
  await sleep(between([0, VISIT_PAUSE_MS[1]]), signal);
  while (!signal.aborted) {
    await click("me", "POST", "/api/me");
    const inbox = await click("inbox", "GET", "/api/user-conversations?page=1");
    const conversation = inbox?.data[Math.floor(Math.random() * Math.min(inbox.data.length, 3))];
    if (conversation) {
      const base = `/api/user-conversations/${conversation.uuid}`;
      const history = await click("history", "GET", `${base}/messages?limit=30`);
      const newest = history?.data.reduce((highest, message) => Math.max(highest, message.id), 0) ?? 0;
      if (newest > 0) await click("read", "POST", `${base}/read`, { up_to_id: newest });
      if (Math.random() < SEND_PROBABILITY) {
        await click("send", "POST", `${base}/messages`, { type: "text", text: "Evening!", client_id: randomUUID() });
        await click("history", "GET", `${base}/messages?limit=30`);
      }
      await click("inbox", "GET", "/api/user-conversations?page=1");
    }
    const search = await click("search", "GET", `/api/profiles?${FILTERED_SEARCH}`);
    const card = search?.data[Math.floor(Math.random() * search.data.length)];
    if (card) await click("profile", "GET", `/api/profiles/${card.uuid}`);
    await sleep(between(VISIT_PAUSE_MS), signal);
  }
}

/** Every member against one server for `seconds`; what they measured. */
async function evening(target, seconds) {
  const samples = { all: [], byKind: {}, failures: [], readRepeats: 0, hotRepeats: 0, hotRequests: 0 };
  const controller = new AbortController();
  // Every member waits on the one signal.
  setMaxListeners(0, controller.signal);
  const started = performance.now();
  const members = target.tokens.map((token) => member(target, token, samples, controller.signal));
  await sleep(seconds * 1000, new AbortController().signal);
  controller.abort();
  await Promise.all(members);
  const elapsedS = (performance.now() - started) / 1000;
  return { ...samples, rps: samples.all.length / elapsedS };
}

const databaseUrl = benchDatabaseUrl();
const emails = await chooseMembers(databaseUrl);
const bEnv = Object.fromEntries(
  (process.env.BENCH_B_ENV ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
);
const sides = [
  { name: "A", env: {} },
  { name: `B${process.env.BENCH_B_ENV ? ` (${process.env.BENCH_B_ENV})` : " (the same)"}`, env: bEnv },
];
for (const side of sides) {
  side.server = await startVelvet(databaseUrl, { env: side.env });
  side.url = side.server.url;
  side.runs = [];
}
try {
  for (const side of sides) {
    side.tokens = await signInAll(side.url, emails);
    progress(`${side.name}: ${side.tokens.length} members signed in`);
  }
  for (const side of sides) await evening(side, WARMUP_S);
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const run = await evening(side, DURATION_S);
      side.runs.push(run);
      progress(
        `round ${round + 1}, ${side.name}: ${run.all.length} requests (${fmt(run.rps)}/s), median ${fmt(median(run.all))} ms, ` +
          `p95 ${fmt(quantile(run.all, 0.95))} ms, ${run.failures.length} failed; cacheable at most: ` +
          `${run.readRepeats} list/history repeats within 2 s, ${run.hotRepeats} of ${run.hotRequests} within 1 s`,
      );
      for (const failure of run.failures.slice(0, 3)) progress(`  ${failure}`);
    }
  }
} finally {
  for (const side of sides) await side.server.stop();
}

// Per kind of request and overall: each side's median over rounds of the round's median and p95, and the ratio
// B/A taken within each round (1.25: B 25% slower, so A's difference gains 20%).
const [on, off] = sides;
const total = (key) => sides.flatMap((side) => side.runs).reduce((sum, run) => sum + run[key], 0);
const kinds = ["all", ...new Set(sides.flatMap((side) => side.runs.flatMap((run) => Object.keys(run.byKind))))];
const valuesOf = (run, kind) => (kind === "all" ? run.all : (run.byKind[kind] ?? []));
const lines = [
  `${MEMBERS} members, ${ROUNDS} rounds of ${DURATION_S} s a side; B: ${off.name}; requests a second: A ${fmt(median(on.runs.map((run) => run.rps)))}, B ${fmt(median(off.runs.map((run) => run.rps)))}; failed requests: A ${on.runs.reduce((sum, run) => sum + run.failures.length, 0)}, B ${off.runs.reduce((sum, run) => sum + run.failures.length, 0)}`,
  `Cacheable at most, both sides: ${total("readRepeats")} list/history repeats within 2 s without a write between; ${total("hotRepeats")} of ${total("hotRequests")} list, history or send requests within 1 s of the member's previous one`,
  "",
  "| Requests | A: median ms | p95 ms | B: median ms | p95 ms | B/A median (rounds) | B/A p95 (rounds) |",
  "|---|---|---|---|---|---|---|",
];
for (const kind of kinds) {
  const stat = (side, q) => median(side.runs.map((run) => quantile(valuesOf(run, kind), q)));
  const ratios = (q) =>
    on.runs.map((run, round) => quantile(valuesOf(off.runs[round], kind), q) / quantile(valuesOf(run, kind), q));
  const ratioCell = (q) =>
    `${fmt(median(ratios(q)), 2)} (${ratios(q)
      .map((value) => fmt(value, 2))
      .join(", ")})`;
  lines.push(
    `| ${kind} | ${fmt(stat(on, 0.5))} | ${fmt(stat(on, 0.95))} | ${fmt(stat(off, 0.5))} | ${fmt(stat(off, 0.95))} | ${ratioCell(0.5)} | ${ratioCell(0.95)} |`,
  );
}
process.stdout.write(`${lines.join("\n")}\n`);
