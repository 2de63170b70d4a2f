// Who takes part in the busy evening: pairs of seeded members who share a conversation (both sign in, so a message
// from one reaches the other's socket while both are online), the fictional profiles members write to, and the
// seed's operators. All get the benchmark password (members.mjs); members get credits through the ledger.
import pg from "pg";
import { ACTIVE_MEMBER, preparePasswordsAndCredits } from "../api/members.mjs";

const CREDITS = 1_000_000;
const activeAs = (alias) => ACTIVE_MEMBER.replaceAll("u.", `${alias}.`);

/**
 * At least `members` members as disjoint pairs (each member in one pair only), in a fixed order; the fictional
 * profiles that can be written to; the operators (staff with the operator role, admins excluded).
 */
export async function choosePool(databaseUrl, members) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select c.id as conversation_id, c.uuid as conversation_uuid,
              a.id as a_id, a.uuid as a_uuid, a.email as a_email, b.id as b_id, b.uuid as b_uuid, b.email as b_email
         from conversations c
         join conversation_members ma on ma.conversation_id = c.id
         join conversation_members mb on mb.conversation_id = c.id and mb.user_id > ma.user_id
         join users a on a.id = ma.user_id
         join users b on b.id = mb.user_id
        where ${activeAs("a")} and ${activeAs("b")}
          and not exists (select 1 from interactions i where i.kind = 'block'
                           and ((i.from_user_id = a.id and i.to_user_id = b.id)
                             or (i.from_user_id = b.id and i.to_user_id = a.id)))
        order by md5(c.id::text)`,
    );
    const taken = new Set();
    const pairs = [];
    for (const row of rows) {
      if (pairs.length * 2 >= members) break;
      if (taken.has(row.a_id) || taken.has(row.b_id)) continue;
      taken.add(row.a_id);
      taken.add(row.b_id);
      const conversation = { id: Number(row.conversation_id), uuid: row.conversation_uuid };
      const a = { id: Number(row.a_id), uuid: row.a_uuid, email: row.a_email };
      const b = { id: Number(row.b_id), uuid: row.b_uuid, email: row.b_email };
      pairs.push({ conversation, members: [a, b] });
    }
    if (pairs.length * 2 < members) {
      throw new Error(`only ${pairs.length * 2} members in pairs fit (asked ${members}): run npm run bench:seed`);
    }
    const fictional = (
      await client.query(
        `select uuid from users where is_fictional and deleted_at is null and deactivated_at is null
          order by md5(id::text) limit 500`,
      )
    ).rows.map((row) => row.uuid);
    const operators = (
      await client.query(
        `select id, email from users where roles && array['operator'] and not (roles && array['admin'])
          and deleted_at is null and suspended_at is null order by id`,
      )
    ).rows;
    const ids = pairs.flatMap((pair) => pair.members.map((member) => member.id));
    await preparePasswordsAndCredits(client, ids, CREDITS, "bench-load");
    await preparePasswordsAndCredits(
      client,
      operators.map((row) => row.id),
      0,
      "bench-load",
    );
    return { pairs, fictional, operators: operators.map((row) => row.email) };
  } finally {
    await client.end();
  }
}
