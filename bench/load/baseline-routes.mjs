// The busy evening's routes on the raw-pg baseline (bench/api/baseline-server.mjs): each click of a member replays
// the statements the app issued for that very member (baseline-programs.ts), one after another on one connection
// (transactions included); sending and an operator's reply run the app's send transaction in raw pg
// (baseline-send.mjs) in the pair's conversation. No auth, no ORM, no presenter, no real-time delivery.
import { readFileSync } from "node:fs";
import { sendLikeTheApp } from "../api/baseline-send.mjs";

async function replay(pool, statements) {
  const client = await pool.connect();
  try {
    let rows = [];
    for (const statement of statements) rows = (await client.query(statement)).rows;
    return rows;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * `load`: {programsFile, pairs, firstPair}; a member is "<pair>.<side>", and replays the programs captured for member
 * number pair*2+side counted from the first pair (cycling through them when more are online than were captured).
 */
export function loadRoutes(app, pool, load) {
  const { members, queue } = JSON.parse(readFileSync(load.programsFile, "utf8"));
  const pairOf = (key) => {
    const [pair, side] = key.split(".").map(Number);
    return { pair: load.pairs[pair % load.pairs.length], number: (pair - load.firstPair) * 2 + side, side };
  };
  const sendAs = (pair, side) => {
    const [sender, partner] = side === 0 ? pair.members : [...pair.members].reverse();
    return {
      senderId: sender.id,
      partnerId: partner.id,
      partnerUuid: partner.uuid,
      conversationId: pair.conversation.id,
      conversationUuid: pair.conversation.uuid,
    };
  };
  app.post("/load/operator/queue", async () => ({ data: await replay(pool, queue) }));
  app.post("/load/:member/send", async (request) => {
    const { pair, side } = pairOf(request.params.member);
    return { data: await sendLikeTheApp(pool, sendAs(pair, side)) };
  });
  // The reply reaches member 0 of the pair from the other side of their conversation.
  app.post("/load/:member/operator-reply", async (request) => {
    const { pair } = pairOf(request.params.member);
    return { data: await sendLikeTheApp(pool, sendAs(pair, 1)) };
  });
  app.post("/load/:member/:click", async (request, reply) => {
    const { number } = pairOf(request.params.member);
    const program = members[((number % members.length) + members.length) % members.length]?.[request.params.click];
    if (!program) return reply.code(404).send({ message: "no such click" });
    return { data: await replay(pool, program) };
  });
}
