// Signing many seeded members in, shared by bench/api/many-members.mjs and bench/load/run.mjs: the seed's members
// have passwords nobody knows, so the chosen ones get the benchmark member's password hash (computed once by the seed
// with the app's argon2 settings) and credits through the ledger, once; a later run finds them ready.
import { BENCH_MEMBER } from "../bench-database.mjs";
import { BENCH_SITE_KEY } from "./servers.mjs";

/** The seeded members who can sign in and write: verified, in good standing, not staff, not the benchmark member. */
export const ACTIVE_MEMBER = `u.email is not null and u.email_verified_at is not null and u.deleted_at is null
  and u.deactivated_at is null and u.suspended_at is null and not u.is_fictional
  and not (u.roles && array['admin', 'operator']) and u.email <> '${BENCH_MEMBER.email}'`;

/**
 * Gives the members `ids` the benchmark member's password and at least `credits` credits, each top-up a ledger row
 * (the ledger check must still balance), in two statements whatever the number of members.
 */
export async function preparePasswordsAndCredits(client, ids, credits, reference) {
  await client.query(
    `update users set password_hash = (select password_hash from users where email = $1)
      where id = any($2::bigint[])
        and password_hash is distinct from (select password_hash from users where email = $1)`,
    [BENCH_MEMBER.email, ids],
  );
  await client.query(
    `with topped as (
       update users set credits = credits + $2 where id = any($1::bigint[]) and credits < $2 returning id, credits
     )
     insert into credit_ledger (user_id, amount, reason, reference, balance_after)
     select id, $2::integer, 'test', $3 || ':' || id::text || ':' || gen_random_uuid()::text, credits from topped`,
    [ids, credits, reference],
  );
}

/** Signs one member in with the benchmark password; answers the access token. */
export async function signIn(url, email, password = BENCH_MEMBER.password) {
  const response = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Site-Key": BENCH_SITE_KEY },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed with ${response.status}: ${await response.text()}`);
  return (await response.json()).data.access_token;
}
