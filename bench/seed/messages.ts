import { createRandom } from "../../apps/server/src/seed/random";
import { BENCH_MEMBER } from "../bench-database.mjs";
import { insertColumns, type SeedStep } from "./step";

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 50_000);
/** Messages per conversation are 1 + (id * 7919 mod 39): 20 on average, so 50,000 conversations hold ~1,000,000. */
const SPREAD = 39;
const BENCH_CONVERSATIONS = 300;
/** The benchmark member's longest conversation, for history paging. */
const LONG_CONVERSATION_MESSAGES = 2_000;
/** Members who send in the send benchmark (signed in with the benchmark member's password). */
export const BENCH_SENDERS = 50;
const SENDER_CREDITS = 1_000_000;
const SEED = 5_300_000;

/**
 * Conversations and messages: 300 for the benchmark member (one with 2,000
 * messages), the rest between random members and profiles, about 1,000,000
 * messages in all with the last ones unread in a third of conversations; the
 * list state (last message, unread and received counts) derived as the app
 * keeps it. 50 members get the benchmark member's password and 1,000,000
 * credits through the ledger, for the send benchmark.
 */
export const messagesStep: SeedStep = {
  name: "conversations and messages",
  async run(pool) {
    const random = createRandom(SEED);
    const now = Date.now();
    const [bench] = (await pool.query<{ id: string }>("select id from users where email = $1", [BENCH_MEMBER.email]))
      .rows;
    if (!bench) throw new Error("the profiles step must run first");
    const benchId = Number(bench.id);
    const members = (
      await pool.query<{ id: string }>(
        `select id from users where email is not null and deleted_at is null and deactivated_at is null
           and not (roles && array['admin', 'operator']) and id <> $1 order by id`,
        [benchId],
      )
    ).rows.map((row) => Number(row.id));
    const profiles = (
      await pool.query<{ id: string }>(
        `select id from users where deleted_at is null and not (roles && array['admin', 'operator']) and id <> $1
           order by id`,
        [benchId],
      )
    ).rows.map((row) => Number(row.id));
    const pick = (list: number[]) => list[Math.floor(random.next() * list.length)] as number;

    const pairs = new Map<string, [number, number]>();
    const add = (initiator: number, recipient: number) => {
      if (initiator === recipient) return;
      const key = initiator < recipient ? `${initiator}:${recipient}` : `${recipient}:${initiator}`;
      if (!pairs.has(key)) pairs.set(key, [initiator, recipient]);
    };
    while (pairs.size < BENCH_CONVERSATIONS) {
      // Most of the benchmark member's conversations he started; some were started by others.
      if (random.next() < 0.7) add(benchId, pick(profiles));
      else add(pick(members), benchId);
    }
    // Each sender of the send benchmark writes in a conversation of their own with an active member.
    const senders = members.slice(0, BENCH_SENDERS);
    for (const sender of senders) add(sender, pick(members.slice(BENCH_SENDERS)));
    while (pairs.size < CONVERSATIONS) add(pick(members), pick(profiles));
    const rows = [...pairs.values()];
    const startedAt = rows.map(() => new Date(now - (1 + random.next() * 60) * 86_400_000));
    const inserted = await insertColumns(
      pool,
      "conversations",
      {
        initiator_id: { type: "bigint", values: rows.map(([initiator]) => initiator) },
        recipient_id: { type: "bigint", values: rows.map(([, recipient]) => recipient) },
        created_at: { type: "timestamptz", values: startedAt },
      },
      "id",
    );
    const longId = Number(inserted.rows[0]?.id);
    await pool.query(`insert into conversation_members (conversation_id, user_id, partner_id)
      select id, initiator_id, recipient_id from conversations
      union all select id, recipient_id, initiator_id from conversations`);

    // Every message is generated inside PostgreSQL: a 7-minute rhythm from the conversation's start,
    // the two members taking turns; in a third of conversations the last two are still unread.
    await pool.query(
      `insert into messages (conversation_id, from_id, to_id, type, text, client_id, price, created_at, read_at)
       select c.id,
              case when g % 2 = 1 then c.initiator_id else c.recipient_id end,
              case when g % 2 = 1 then c.recipient_id else c.initiator_id end,
              'text',
              'Message ' || g || ': ' || left(md5(c.id::text || ':' || g::text), (12 + g % 20)::int),
              gen_random_uuid(),
              1,
              c.created_at + g * interval '7 minutes',
              case when c.id % 3 = 0 and g > n.count - 2 then null
                   else c.created_at + g * interval '7 minutes' + interval '1 minute' end
         from conversations c
         cross join lateral (select case when c.id = $1 then $2 else 1 + (c.id * 7919) % $3 end as count) n
         cross join lateral generate_series(1, n.count::int) g`,
      [longId, LONG_CONVERSATION_MESSAGES, SPREAD],
    );
    await pool.query(`update conversations c set last_message_id = m.last_id, updated_at = m.last_at
      from (select conversation_id, max(id) as last_id, max(created_at) as last_at
              from messages group by conversation_id) m
     where m.conversation_id = c.id`);
    await pool.query(`update conversation_members cm
       set last_message_id = c.last_message_id, last_message_at = c.updated_at
      from conversations c where c.id = cm.conversation_id`);
    await pool.query(`update conversation_members cm
       set unread_count = s.unread, received_count = s.received
      from (select conversation_id, to_id,
                   count(*) filter (where read_at is null) as unread, count(*) as received
              from messages group by conversation_id, to_id) s
     where s.conversation_id = cm.conversation_id and s.to_id = cm.user_id`);

    // The send benchmark's members: the benchmark password, and credits through the ledger.
    await pool.query(
      `update users set password_hash = (select password_hash from users where id = $1), credits = $3
        where id = any($2::bigint[])`,
      [benchId, senders, SENDER_CREDITS],
    );
    await pool.query(
      `insert into credit_ledger (user_id, amount, reason, reference, balance_after)
       select id, $2, 'test', 'bench:' || id, $2 from users where id = any($1::bigint[])`,
      [senders, SENDER_CREDITS],
    );
    await pool.query(`update users set credits = credits + $2 where id = $1`, [benchId, SENDER_CREDITS]);
    await pool.query(
      `insert into credit_ledger (user_id, amount, reason, reference, balance_after)
       values ($1::bigint, $2::integer, 'test', 'bench:' || $1::text, $2::integer)`,
      [benchId, SENDER_CREDITS],
    );
    const { rows: counted } = await pool.query<{ count: string }>("select count(*) from messages");
    return `${rows.length.toLocaleString("en-AU")} conversations, ${Number(counted[0]?.count).toLocaleString("en-AU")} messages (${BENCH_CONVERSATIONS} and one of ${LONG_CONVERSATION_MESSAGES.toLocaleString("en-AU")} for ${BENCH_MEMBER.email}), ${BENCH_SENDERS} senders with credits`;
  },
};
