// What `npm run bench` measures, in this order. A scenario compares one request to the real server
// (signed in as the benchmark member, site key set) with one to the baseline, each at
// `connections` concurrent connections, and meets its target when the real server's requests
// per second are at least `target` times the baseline's in the same run. Without a `velvet`
// request it is a reference row (baseline only).
//
// prepare(context) runs once, with the real server up and the member signed in, and answers:
//   velvet:   { path, method?, body? }       a request to the real server
//   baseline: { statement: {text, values} }  replayed by the baseline's GET /sql/:name
//           | { path, method?, body? }       or any route of baseline-server.mjs
//   check?:   (velvetBody, baselineBody) => void, throws unless both answered the same thing
// context: { databaseUrl, velvetJson(path) }.
import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import pg from "pg";
import { meStatements, messagingStatements, searchStatement } from "./servers.mjs";

const PAGE_SIZE = 24;

/** A typical filtered search: a man in NSW looking at women 25 to 45 with a photo, most recently active first. */
export const FILTERED_SEARCH = "gender=female&age_min=25&age_max=45&state=NSW&with_photo=1&sort=last_active";

function sameProfiles(velvetBody, baselineBody) {
  const shown = velvetBody.data.map((card) => card.uuid);
  const replayed = baselineBody.data.slice(0, PAGE_SIZE).map((row) => row.uuid);
  if (shown.length !== PAGE_SIZE || !isDeepStrictEqual(shown, replayed)) {
    throw new Error(`the app and the baseline answered different profiles:\n${shown}\n${replayed}`);
  }
}

function searchScenario(name, pageOf) {
  return {
    name,
    connections: 50,
    target: 0.6,
    async prepare(context) {
      const queryString = await pageOf(context);
      return {
        velvet: { path: `/api/profiles?${queryString}` },
        baseline: { statement: searchStatement(queryString, context.databaseUrl) },
        check: sameProfiles,
      };
    },
  };
}

export const scenarios = [
  searchScenario("Search, filtered, first page", async () => FILTERED_SEARCH),
  searchScenario("Search, filtered, next page (cursor)", async (context) => {
    const first = await context.velvetJson(`/api/profiles?${FILTERED_SEARCH}`);
    return `${FILTERED_SEARCH}&cursor=${first.meta.next_cursor}`;
  }),
  {
    name: "Bare hello route (reference)",
    connections: 50,
    hello: true,
    async prepare() {
      return { baseline: { path: "/hello" } };
    },
  },
  // The current user, as every page load asks for it. No budget of its own: reported beside its baseline.
  {
    name: "POST /api/me",
    connections: 50,
    async prepare(context) {
      // The runner has signed in: the latest session is the one the requests present.
      return { velvet: { method: "POST", path: "/api/me" }, baseline: { program: meStatements(context.databaseUrl) } };
    },
  },
  // Messaging on 1,000,000 messages in 50,000 conversations. The former "0.10x of hello" is no longer asked:
  // only a cache of one member's repeated page met it, and that cache was removed (bench/README.md, "Many members").
  {
    name: "Conversation list, page 1",
    connections: 100,
    target: 0.6,
    async prepare(context) {
      const { list } = await messaging(context);
      return { velvet: { path: "/api/user-conversations?page=1" }, baseline: { program: list } };
    },
  },
  {
    name: "Conversation history, newest 30 of 2,000",
    connections: 100,
    target: 0.6,
    async prepare(context) {
      const { history, conversationUuid } = await messaging(context);
      return {
        velvet: { path: `/api/user-conversations/${conversationUuid}/messages?limit=30` },
        baseline: { program: history },
      };
    },
  },
  {
    name: "Bare hello route at 100 connections (reference)",
    connections: 100,
    hello: true,
    async prepare() {
      return { baseline: { path: "/hello" } };
    },
  },
  {
    name: "Send a text message (50 senders)",
    connections: 50,
    target: 0.5,
    async prepare(context) {
      const senders = await sendersOf(context);
      const body = () => ({ type: "text", text: "Hello from the benchmark", client_id: randomUUID() });
      return {
        velvet: {
          method: "POST",
          perConnection: senders.map((sender) => ({
            path: `/api/user-conversations/${sender.conversationUuid}/messages`,
            // Read at each request: refresh() below swaps the token between rounds.
            get headers() {
              return { Authorization: `Bearer ${sender.token}` };
            },
            body,
          })),
        },
        // Access tokens live 15 minutes and the rounds take longer than that: each round signs the senders in again.
        async refresh() {
          for (const sender of senders) sender.token = await context.signIn(sender.email);
        },
        baseline: {
          method: "POST",
          perConnection: senders.map((sender) => ({ path: "/send", headers: {}, body: () => sender.target })),
        },
      };
    },
  },
];

let captured;
function messaging(context) {
  captured ??= Promise.resolve(messagingStatements(context.databaseUrl));
  return captured;
}

/**
 * 50 members with credits (bench/seed/messages.ts prepares 50 for sending), each signed in, with their conversation.
 * At most 50: `bench:load` gives its 20,000 members credits too, and signing every one of them in took the API
 * run's preparation half an hour after a busy-evening run.
 */
async function sendersOf(context) {
  const client = new pg.Client({ connectionString: context.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select distinct on (u.id) u.id, u.email, c.id as conversation_id, c.uuid as conversation_uuid,
              p.id as partner_id, p.uuid as partner_uuid
         from users u
         join conversation_members m on m.user_id = u.id
         join conversations c on c.id = m.conversation_id
         join users p on p.id = m.partner_id and p.deleted_at is null and p.deactivated_at is null
        where u.credits >= 100000 and u.email <> 'bench-member@velvethearts.example'
          and not exists (select 1 from interactions i where i.kind = 'block'
            and ((i.from_user_id = u.id and i.to_user_id = p.id) or (i.from_user_id = p.id and i.to_user_id = u.id)))
        order by u.id, c.id
        limit 50`,
    );
    if (rows.length === 0) throw new Error("no senders: run npm run bench:seed");
    const senders = [];
    for (const row of rows) {
      senders.push({
        email: row.email,
        token: await context.signIn(row.email),
        conversationUuid: row.conversation_uuid,
        target: {
          senderId: Number(row.id),
          partnerId: Number(row.partner_id),
          partnerUuid: row.partner_uuid,
          conversationId: Number(row.conversation_id),
          conversationUuid: row.conversation_uuid,
        },
      });
    }
    return senders;
  } finally {
    await client.end();
  }
}
