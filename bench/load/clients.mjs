// The busy evening's load generator: its own process (the parent, run.mjs, measures the server), driven over IPC.
//   start {mode: "velvet" | "baseline", url, pool, settings}  -> started
//   target {members}                                           -> members online follow this number from now on
//   window {}                                                  -> a new measuring window starts (samples cleared)
//   report {}                                                  -> {samples of the window, generator CPU}
//   stop {}                                                    -> every session ends; stopped
// Members come in pairs who share a conversation and arrive and leave together (a session lasts SESSION_S), so a
// message to the partner is seen arriving on the partner's socket; most messages go to fictional profiles, which the
// operators answer from the queue, and a reply is timed to the member's socket. In "baseline" mode the same clicks
// go to the raw-pg routes of baseline-server.mjs: no sign-in, no socket, no delivery.
import { randomUUID } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import WebSocket from "ws";
import { BENCH_SITE_KEY } from "../api/servers.mjs";
import { SEARCHES } from "./searches.mjs";

const now = () => performance.now();
const between = ([low, high]) => low + Math.random() * (high - low);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

let settings;
let mode;
let url;
let pool;
let stopping = false;
let target = 0;
let nextPair = 0;
const online = new Map(); // member uuid -> true while signed in with a socket
const activePairs = new Set();
const sentAt = new Map(); // tag -> {at, leg}
let tagSeq = 0;
let samples;
let windowStarted;
let cpuAtWindow;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });

function freshSamples() {
  return { latencies: {}, errors: {}, errorExamples: [], delivery: { member: [], operator: [] }, contention: 0 };
}

function record(kind, ms) {
  samples.latencies[kind] ??= [];
  samples.latencies[kind].push(ms);
}

function fail(kind, detail) {
  samples.errors[kind] = (samples.errors[kind] ?? 0) + 1;
  if (samples.errorExamples.length < 10) samples.errorExamples.push(`${kind}: ${detail}`.slice(0, 300));
}

/** A tag made of letters only (digits could read as a phone number to the contact-details check). */
function tag(leg) {
  let n = tagSeq++;
  let letters = "";
  do {
    letters += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  } while (n > 0);
  const value = `zq${letters}x`;
  sentAt.set(value, { at: now(), leg });
  return value;
}

/** One timed request; answers the parsed body, or undefined after counting a failure (any non-2xx, any throw). */
async function call(kind, method, path, { token, body } = {}) {
  const started = now();
  try {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        "X-Site-Key": BENCH_SITE_KEY,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const ms = now() - started;
    if (!response.ok) {
      // Two operators reaching for the same conversation (a lock taken, or answered by the other from an older view
      // of the queue): the desk's normal contention, counted apart, not a failure.
      if ((kind === "operator lock" || kind === "operator reply") && response.status === 409) {
        samples.contention += 1;
        return undefined;
      }
      fail(kind, `${response.status} ${text.slice(0, 200)}`);
      return undefined;
    }
    record(kind, ms);
    return text ? JSON.parse(text) : {};
  } catch (error) {
    fail(kind, String(error));
    return undefined;
  }
}

/** The member's socket (Pusher protocol 7, as pusher-js speaks it), subscribed to their private notifications. */
function connect(token, member) {
  return new Promise((resolve, reject) => {
    const wsUrl = `${url.replace(/^http/, "ws")}/app/velvet-key?protocol=7&client=js&version=8.4.0&flash=false`;
    const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
    const channel = `private-notifications.user.${member.uuid}`;
    const timer = setTimeout(() => reject(new Error("no subscription within 10 s")), 10_000);
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("message", async (raw) => {
      const text = raw.toString();
      const frame = JSON.parse(text);
      if (frame.event === "pusher:connection_established") {
        const { socket_id } = JSON.parse(frame.data);
        const auth = await call("realtime auth", "POST", "/api/broadcasting/auth", {
          token,
          body: { socket_id, channel_name: channel },
        });
        if (!auth) return reject(new Error("channel authorization failed"));
        if (socket.readyState === WebSocket.OPEN) {
          socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel, auth: auth.auth } }));
        }
        return;
      }
      if (frame.event === "pusher_internal:subscription_succeeded") {
        clearTimeout(timer);
        resolve(socket);
        return;
      }
      if (frame.event === "pusher:ping") {
        socket.send(JSON.stringify({ event: "pusher:pong", data: {} }));
        return;
      }
      for (const [match] of text.matchAll(/zq[a-z]+x/g)) {
        const sent = sentAt.get(match);
        if (!sent) continue;
        sentAt.delete(match);
        samples.delivery[sent.leg].push(now() - sent.at);
      }
    });
  });
}

/** A member's session until `deadline`: the issue's script, over and over, with think times. */
async function memberSession(pair, index, deadline) {
  const member = pair.members[index];
  const memberKey = `${pair.index}.${index}`;
  const think = () => sleep(between(settings.thinkMs));
  let token;
  let socket;
  if (mode === "velvet") {
    const login = await call("sign in", "POST", "/api/login", {
      body: { email: member.email, password: settings.password },
    });
    token = login?.data?.access_token;
    if (!token) return;
    try {
      socket = await connect(token, member);
    } catch (error) {
      fail("realtime connect", String(error));
      return;
    }
    online.set(member.uuid, true);
  }
  const fictional = pool.fictional[(pair.index * 2 + index) % pool.fictional.length];
  const search = SEARCHES[Math.floor(Math.random() * SEARCHES.length)];
  const base = `/api/user-conversations/${pair.conversation.uuid}`;
  const meanSendMs = settings.sendEveryS * 1000;
  let nextSend = now() + -Math.log(1 - Math.random()) * meanSendMs;
  const maybeSend = async () => {
    if (now() < nextSend || now() > deadline) return;
    nextSend = now() + -Math.log(1 - Math.random()) * meanSendMs;
    if (mode === "baseline") {
      await call("send", "POST", `/load/${memberKey}/send`);
    } else if (Math.random() < settings.partnerShare) {
      const text = `Evening! Are you online? ${tag("member")}`;
      await call("send", "POST", `${base}/messages`, { token, body: { type: "text", text, client_id: randomUUID() } });
    } else {
      const text = "Hello gorgeous, how is your evening?";
      const body = { type: "text", text, client_id: randomUUID() };
      await call("send to profile", "POST", `/api/profiles/${fictional}/messages`, { token, body });
    }
    await think();
  };
  const click = async (kind, method, path, velvetOptions) => {
    if (now() > deadline || stopping) return undefined;
    const answer =
      mode === "velvet"
        ? await call(kind, method, path, { token, ...velvetOptions })
        : await call(kind, "POST", `/load/${memberKey}/${kind.replaceAll(" ", "-")}`);
    await think();
    await maybeSend();
    return answer;
  };
  try {
    while (now() < deadline && !stopping) {
      const first = await click("search", "GET", `/api/profiles?${search}`);
      const cursor = first?.meta?.next_cursor;
      const next = await click("search next", "GET", `/api/profiles?${search}${cursor ? `&cursor=${cursor}` : ""}`);
      const cards = [...(first?.data ?? []), ...(next?.data ?? [])];
      for (let n = 0; n < 2; n++) {
        const card = cards[Math.floor(Math.random() * cards.length)];
        if (card || mode === "baseline") await click("profile", "GET", `/api/profiles/${card?.uuid}`);
      }
      await click("conversation list", "GET", "/api/user-conversations?page=1");
      const history = await click("history", "GET", `${base}/messages?limit=30`);
      const newest = history?.data?.reduce((highest, message) => Math.max(highest, message.id), 0) ?? 0;
      if (newest > 0 || mode === "baseline") {
        await click("mark read", "POST", `${base}/read`, { body: { up_to_id: newest } });
      }
    }
  } finally {
    online.delete(member.uuid);
    socket?.terminate();
  }
}

/** The operators: each signs in once, then answers from the queue until the run stops. */
async function operator(email) {
  const think = () => sleep(between(settings.operatorThinkMs));
  let token;
  if (mode === "velvet") {
    token = (await call("sign in", "POST", "/api/login", { body: { email, password: settings.password } }))?.data
      ?.access_token;
    if (!token) return;
  }
  while (!stopping) {
    if (mode === "baseline") {
      await call("operator queue", "POST", "/load/operator/queue");
      const pair = [...activePairs][Math.floor(Math.random() * activePairs.size)];
      if (pair) await call("operator reply", "POST", `/load/${pair.index}.0/operator-reply`);
      await think();
      continue;
    }
    const queue = await call("operator queue", "GET", "/api/operator/queue", { token });
    const waiting = (queue?.data ?? []).filter((item) => !item.lock);
    // The desk answers the oldest first; among the first, one whose member is online here, so the reply's delivery
    // can be timed (the seed leaves thousands of old conversations waiting, nobody online to see their answers).
    const live = waiting.filter((item) => online.has(item.member.uuid)).slice(0, 5);
    const choice = live[Math.floor(Math.random() * live.length)] ?? waiting[0];
    if (choice) {
      const path = `/api/operator/conversations/${choice.conversation_uuid}`;
      const lock = await call("operator lock", "POST", `${path}/lock`, { token });
      if (lock) {
        const text = `Mmm, lovely to hear from you. Tell me more ${online.has(choice.member.uuid) ? tag("operator") : ""}`;
        await call("operator reply", "POST", `${path}/messages`, {
          token,
          body: { type: "text", text, client_id: randomUUID(), confirm_warnings: true },
        });
      }
    }
    await think();
  }
}

/** Keeps `target` members online: a pair starts when there is room, spread over the arrival window. */
async function keepTarget() {
  while (!stopping) {
    while (activePairs.size * 2 < target && !stopping) {
      const pair = { ...pool.pairs[nextPair % pool.pairs.length], index: nextPair % pool.pairs.length };
      nextPair += 1;
      activePairs.add(pair);
      const length = between(settings.sessionS) * 1000;
      const arrival = Math.random() * settings.arrivalS * 1000;
      sleep(arrival)
        .then(() => {
          const deadline = now() + length;
          return Promise.all([memberSession(pair, 0, deadline), memberSession(pair, 1, deadline)]);
        })
        .catch((error) => fail("session", String(error)))
        .finally(() => activePairs.delete(pair));
    }
    await sleep(200);
  }
}

// A failure the generator did not expect is counted as an error of the run, never a silent stop.
process.on("unhandledRejection", (error) => samples && fail("generator", String(error)));

let operatorsRunning = [];
process.on("message", async (command) => {
  if (command.type === "start") {
    ({ mode, url, pool, settings } = command);
    stopping = false;
    nextPair = settings.firstPair;
    samples = freshSamples();
    keepTarget();
    operatorsRunning = pool.operators.slice(0, settings.operators).map((email) => operator(email));
    process.send({ type: "started" });
  } else if (command.type === "target") {
    target = command.members;
    process.send({ type: "targeted" });
  } else if (command.type === "window") {
    samples = freshSamples();
    sentAt.clear();
    loopDelay.reset();
    loopDelay.enable();
    windowStarted = now();
    cpuAtWindow = process.cpuUsage();
    process.send({ type: "windowed" });
  } else if (command.type === "report") {
    const cpu = process.cpuUsage(cpuAtWindow);
    const seconds = (now() - windowStarted) / 1000;
    process.send({
      type: "report",
      samples,
      seconds,
      online: online.size,
      generatorCpu: (cpu.user + cpu.system) / 1e6 / seconds,
      generatorLoopDelayP99: loopDelay.percentile(99) / 1e6,
    });
  } else if (command.type === "stop") {
    stopping = true;
    target = 0;
    while (activePairs.size > 0) await sleep(100);
    await Promise.all(operatorsRunning);
    process.send({ type: "stopped" });
  }
});
