import { createRandom } from "../../apps/server/src/seed/random";
import { BENCH_MEMBER } from "../bench-database.mjs";
import { insertColumns, type SeedStep } from "./step";

const SEED = 5_200_000;
const RANDOM_INTERACTIONS = Number(process.env.BENCH_INTERACTIONS ?? 250_000);
const KINDS = [
  ["like", 0.6],
  ["wink", 0.85],
  ["favorite", 0.97],
  ["block", 1],
] as const;

interface Interaction {
  kind: string;
  from: number;
  to: number;
  createdAt: Date;
}

/**
 * Likes, winks, favorites and blocks between members (250,000 by default), and
 * around the benchmark member: blocks both ways with women the benchmark
 * query would otherwise show near its top, so search must skip them, plus the
 * likes, winks and favorites an active member has given and received.
 */
export const interactionsStep: SeedStep = {
  name: "interactions",
  async run(pool) {
    const random = createRandom(SEED);
    const now = Date.now();
    const when = () => new Date(now - random.next() * 90 * 86_400_000);
    const [bench] = (await pool.query<{ id: string }>("select id from users where email = $1", [BENCH_MEMBER.email]))
      .rows;
    if (!bench) throw new Error("the profiles step must run first");
    const benchId = Number(bench.id);
    const members = (
      await pool.query<{ id: string }>(
        "select id from users where deleted_at is null and 'member' = any(roles) and id <> $1 order by id",
        [benchId],
      )
    ).rows.map((row) => Number(row.id));
    // The women a NSW man sees first: every fifth of the 200 most recently active is blocked, half each way.
    const nearTop = (
      await pool.query<{ id: string }>(
        `select u.id from users u
          where u.gender = 'female' and u.state = 'NSW' and u.deleted_at is null and u.deactivated_at is null
            and 'member' = any(u.roles) and exists (
              select 1 from photos p where p.user_id = u.id and p.is_primary and p.status = 'approved')
          order by u.last_active_at desc limit 200`,
      )
    ).rows.map((row) => Number(row.id));

    const byKey = new Map<string, Interaction>();
    const add = (interaction: Interaction) => {
      if (interaction.from === interaction.to) return;
      byKey.set(`${interaction.kind}:${interaction.from}:${interaction.to}`, interaction);
    };
    nearTop.forEach((id, index) => {
      if (index % 5 !== 2) return;
      const outgoing = index % 10 === 2;
      add({ kind: "block", from: outgoing ? benchId : id, to: outgoing ? id : benchId, createdAt: when() });
    });
    for (const [kind, given, received] of [
      ["like", 150, 250],
      ["wink", 60, 120],
      ["favorite", 40, 60],
    ] as const) {
      for (const id of random.sample(members, given)) add({ kind, from: benchId, to: id, createdAt: when() });
      for (const id of random.sample(members, received)) add({ kind, from: id, to: benchId, createdAt: when() });
    }
    const aroundBench = byKey.size;
    while (byKey.size < aroundBench + RANDOM_INTERACTIONS) {
      const roll = random.next();
      const kind = KINDS.find(([, upTo]) => roll < upTo)?.[0] ?? "like";
      add({ kind, from: random.pick(members), to: random.pick(members), createdAt: when() });
    }

    const rows = [...byKey.values()];
    for (let start = 0; start < rows.length; start += 50_000) {
      const chunk = rows.slice(start, start + 50_000);
      await insertColumns(pool, "interactions", {
        kind: { type: "text", values: chunk.map((row) => row.kind) },
        from_user_id: { type: "bigint", values: chunk.map((row) => row.from) },
        to_user_id: { type: "bigint", values: chunk.map((row) => row.to) },
        created_at: { type: "timestamptz", values: chunk.map((row) => row.createdAt) },
      });
    }
    const blocks = rows.filter((row) => row.kind === "block" && (row.from === benchId || row.to === benchId)).length;
    return `${rows.length.toLocaleString("en")} interactions (${aroundBench} around the benchmark member, ${blocks} of them blocks)`;
  },
};
