// npm run bench:desk (also part of npm run bench): the operator desk at full speed. A scripted
// operator in Debian's Chromium, keyboard only, answers 50 waiting conversations with the desk's templates while
// the member keeps writing, against the real server (`npm start`'s bundle, demo data, a fresh PostgreSQL
// database). Reports conversations answered per minute, keystrokes and mouse clicks per conversation (target: no
// clicks), and the queue's delivery latency: from the member's send to the message showing in the console's
// queue, p50 and p99 (target: p99 at most 1 s). Prints the report's section (markdown) on stdout; exits non-zero
// when a target is missed.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { createFreshPostgresDatabase } from "../../apps/server/src/test/databases.ts";
import { startServerProcess } from "../../apps/server/src/test/server-process.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CONVERSATIONS = Number(process.env.DESK_CONVERSATIONS ?? 50);
/** The member writes a follow-up into a waiting conversation this often while the operator works. */
const WRITE_EVERY_MS = 400;
const TEMPLATES = ["hi", "night", "pics", "busy"];
const MEMBER = { email: "demo@velvethearts.example", password: "demo-password-2026" };
const ADMIN = { email: "admin@velvethearts.example", password: "admin-password-2026" };
const OPERATOR = { email: "operator@velvethearts.example", password: "operator-password-2026" };
const TARGET = { clicks: 0, p99Ms: 1_000 };

const progress = (line) => process.stderr.write(`${line}\n`);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

const build = spawnSync(process.execPath, [path.join(root, "scripts/ensure-web-build.mjs")], { stdio: "inherit" });
if (build.status !== 0) throw new Error("the web build failed");

const siteKey = (
  process.env.SITE_KEYS ??
  /^SITE_KEYS=(.*)$/m.exec(readFileSync(path.join(root, ".env.example"), "utf8"))?.[1] ??
  ""
)
  .split(",")[0]
  .trim();
const database = await createFreshPostgresDatabase(
  process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  "bench_desk",
);
const server = await startServerProcess({
  DATABASE_URL: database.url,
  SEED_DEMO_DATA: "1",
  LOG_LEVEL: "error",
  API_RATE_LIMIT: "1000000000",
  MESSAGE_RATE_LIMIT: "1000000000",
});
// The address the e2e tests use too: the server's own origin (APP_URL's host), so the WebSocket is welcome.
const baseUrl = `http://localhost:${server.port}`;
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
});

async function api(method, apiPath, { token, body } = {}) {
  const response = await fetch(`${baseUrl}/api${apiPath}`, {
    method,
    headers: {
      "X-Site-Key": siteKey,
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const payload = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${JSON.stringify(payload)}`);
  return payload;
}
const signIn = async (login) => (await api("POST", "/login", { body: login })).data.access_token;

let report;
let met = false;
try {
  const [adminToken, memberToken, operatorToken] = await Promise.all([signIn(ADMIN), signIn(MEMBER), signIn(OPERATOR)]);
  const member = (await api("POST", "/me", { token: memberToken })).data;
  await api("POST", `/admin/members/${member.uuid}/credit-adjustments`, {
    token: adminToken,
    body: { amount: 5_000, reason: "desk benchmark", adjustment_id: crypto.randomUUID() },
  });
  // The member writes to 50 fictional profiles: 50 conversations waiting, oldest first.
  const profiles = (await api("GET", "/operator/profiles", { token: operatorToken })).data;
  const waiting = [];
  for (const profile of profiles.slice(0, CONVERSATIONS)) {
    const sent = await api("POST", `/profiles/${profile.uuid}/messages`, {
      token: memberToken,
      body: { type: "text", text: `Hi ${profile.username}, are you around?`, client_id: crypto.randomUUID() },
    });
    waiting.push({ profile, conversation: sent.data.conversation });
  }
  progress(`${waiting.length} conversations waiting`);

  // The operator's console, signed in (the token where the web app keeps it), the queue filtered to the member.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/maintenance`);
  await page.evaluate((value) => {
    window.localStorage.setItem("auth._token.local", `Bearer ${value}`);
    window.localStorage.setItem(
      "velvet.operator.desk",
      JSON.stringify({ sound: false, titleAlert: true, autoAdvance: true }),
    );
  }, operatorToken);
  await page.goto(`${baseUrl}/operator`);
  await page.getByRole("heading", { name: /^Waiting/ }).waitFor();
  await page.waitForFunction(() => document.documentElement.dataset.realtimeState === "connected");
  const keys = { count: 0 };
  const type = async (text) => {
    keys.count += [...text].length;
    await page.keyboard.type(text);
  };
  const press = async (key) => {
    keys.count += 1;
    await page.keyboard.press(key);
  };
  await page.getByPlaceholder("Member name or uuid").focus();
  await type(member.username);
  await page.getByRole("heading", { name: `Waiting (${waiting.length})` }).waitFor();
  // Clicks, and when each member's "ping-N" first shows in the queue (the page's clock is this machine's).
  await page.evaluate(() => {
    const state = { clicks: 0, seen: {} };
    window.deskBench = state;
    window.addEventListener("mousedown", () => (state.clicks += 1), true);
    const look = () => {
      const text = document.querySelector('section[aria-label="Queue"]')?.textContent ?? "";
      for (const match of text.matchAll(/ping-(\d+)!/g)) state.seen[match[1]] ??= Date.now();
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  keys.count = 0;

  // The member keeps writing: a follow-up into a conversation still waiting further down the queue.
  let answered = 0;
  const sentAt = new Map();
  let writing = true;
  const writer = (async () => {
    let ping = 0;
    while (writing) {
      const ahead = waiting.slice(answered + 3);
      const target = ahead[Math.floor(Math.random() * ahead.length)];
      if (target) {
        ping += 1;
        sentAt.set(String(ping), Date.now());
        await api("POST", `/profiles/${target.profile.uuid}/messages`, {
          token: memberToken,
          body: { type: "text", text: `ping-${ping}!`, client_id: crypto.randomUUID() },
        }).catch((error) => progress(String(error)));
      }
      await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
    }
  })();

  const started = Date.now();
  let current;
  while (answered < CONVERSATIONS) {
    // The first is taken with Alt+N; after each reply the desk moves to the next by itself.
    if (!current) await press("Alt+KeyN");
    await page.waitForURL((url) => /\/operator\/[0-9a-f-]{36}$/.test(url.pathname) && url.pathname !== current, {
      timeout: 10_000,
    });
    current = new URL(page.url()).pathname;
    const box = page.getByRole("textbox", { name: /^Reply as / });
    await page.waitForFunction(() => document.activeElement?.getAttribute("placeholder")?.startsWith("Write as"));
    const template = TEMPLATES[answered % TEMPLATES.length];
    await type(`/${template}`);
    await page.getByRole("list", { name: "Templates" }).waitFor();
    await press("Tab");
    await type(" 😘");
    await press("Enter");
    await box.waitFor({ state: "visible" });
    answered += 1;
    if (answered < CONVERSATIONS) continue;
    // The last reply: nothing left for the desk to move to.
    await page
      .getByText("Nobody else is waiting right now.")
      .waitFor({ timeout: 10_000 })
      .catch(() => {});
  }
  const minutes = (Date.now() - started) / 60_000;
  writing = false;
  await writer;
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const state = await page.evaluate(() => window.deskBench);
  const latencies = [...sentAt.entries()]
    .filter(([ping]) => state.seen[ping] !== undefined)
    .map(([ping, at]) => state.seen[ping] - at);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const clicksPer = state.clicks / answered;
  const keysPer = keys.count / answered;
  const clicksMet = state.clicks <= TARGET.clicks;
  const latencyMet = p99 <= TARGET.p99Ms;
  met = clicksMet && latencyMet;
  const yes = (value) => (value ? "yes" : "NO");
  report = [
    `${answered} conversations answered by one scripted operator (keyboard only: Alt+N once, then \`/code\`, Tab, a few characters, Enter; the desk moves on after each reply) while the member wrote ${sentAt.size} follow-ups into conversations still waiting, one every ${WRITE_EVERY_MS} ms. Queue delivery: from the member's send (before the HTTP request) to the text showing in the console's queue, ${latencies.length} of ${sentAt.size} follow-ups seen${latencies.length < sentAt.size ? " (the others were answered first)" : ""}.`,
    "",
    "| Figure | Measured | Target | Met |",
    "|---|---|---|---|",
    `| Conversations answered per minute | ${(answered / minutes).toFixed(1)} | (reported) | - |`,
    `| Keystrokes per conversation | ${keysPer.toFixed(1)} | (reported) | - |`,
    `| Mouse clicks per conversation | ${clicksPer.toFixed(2)} | 0 | ${yes(clicksMet)} |`,
    `| Queue delivery p50 | ${p50} ms | (reported) | - |`,
    `| Queue delivery p99 | ${p99} ms | at most 1,000 ms | ${yes(latencyMet)} |`,
  ].join("\n");
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
}
process.stdout.write(`${report}\n`);
process.exitCode = met ? 0 : 1;
