import { randomUUID } from "node:crypto";
import { australianStates } from "@velvet/shared/constants/australia";
import { latestBirthdateForAge, todayInTimezone } from "@velvet/shared/validation/age";
import type pg from "pg";
import { hashPassword } from "../../apps/server/src/modules/auth/passwords";
import { CURRENT_TERMS_VERSION } from "../../apps/server/src/modules/auth/registration-service";
import { createRandom, type Random } from "../../apps/server/src/seed/random";
import { BENCH_MEMBER } from "../bench-database.mjs";
import { arrayLiteral, type ColumnValues, insertColumns, type SeedStep } from "./step";

const PROFILE_COUNT = Number(process.env.BENCH_PROFILES ?? 100_000);
const SEED = 5_100_000;
const CHUNK = 10_000;
const DAY_MS = 86_400_000;
const SITE_TIMEZONE = "Australia/Sydney";

// Roughly the states' shares of the population, which is where members live.
const STATE_WEIGHTS: Record<string, number> = {
  NSW: 31,
  VIC: 26,
  QLD: 21,
  WA: 11,
  SA: 7,
  TAS: 2,
  ACT: 1.7,
  NT: 1,
};
const FEMALE_NAMES = ["Jess", "Chloe", "Mia", "Sophie", "Emily", "Olivia", "Ruby", "Isla", "Grace", "Zoe", "Kate"];
const MALE_NAMES = ["Jack", "Liam", "Noah", "Oliver", "Ethan", "Josh", "Lachie", "Mitch", "Brad", "Dan", "Tom"];
const HEADLINES = [
  "Up for a cheeky chat?",
  "Sunsets, wine and good company",
  "New in town and curious",
  "Beach walks and late-night talks",
  "Good vibes only",
  "Coffee first, then we'll see",
];
const ABOUT = [
  "Down-to-earth, love a laugh and a long lunch. Weekends at the beach or a little wine bar.",
  "Work hard, play harder. Road trips, live music and conversations that go past midnight.",
  "Honest, easygoing and always up for something new. Tell me your favourite spot in town.",
];
const INTERESTS = ["Beach", "Travel", "Wine", "Cooking", "Fitness", "Music", "Movies", "Camping", "Footy", "Coffee"];

interface Profile {
  username: string;
  email: string | null;
  roles: string[];
  isFictional: boolean;
  onlineHours: number[];
  birthdate: string | null;
  gender: "male" | "female";
  seeking: "male" | "female" | "both";
  state: string | null;
  city: string;
  headline: string | null;
  aboutMe: string | null;
  interests: string[];
  createdAt: Date;
  lastActiveAt: Date;
  deactivatedAt: Date | null;
  deletedAt: Date | null;
  /** Photo statuses in gallery order; the first is the primary, as uploads make it. */
  photos: Array<"approved" | "pending" | "rejected">;
}

function weightedState(random: Random) {
  const total = Object.values(STATE_WEIGHTS).reduce((sum, weight) => sum + weight, 0);
  let roll = random.next() * total;
  for (const state of australianStates) {
    roll -= STATE_WEIGHTS[state.code] ?? 0;
    if (roll <= 0) return state;
  }
  return australianStates[0];
}

/** Ages skew young-to-middle, as on real sites, but cover 18 to 70. */
function pickAge(random: Random): number {
  const roll = random.next();
  if (roll < 0.35) return random.int(18, 29);
  if (roll < 0.7) return random.int(30, 44);
  if (roll < 0.9) return random.int(45, 57);
  return random.int(58, 70);
}

function birthdateAged(age: number, today: string, random: Random): string {
  const latest = new Date(`${latestBirthdateForAge(age, today)}T00:00:00Z`);
  return new Date(latest.getTime() - random.int(0, 364) * DAY_MS).toISOString().slice(0, 10);
}

function pickPhotos(random: Random, isFictional: boolean): Profile["photos"] {
  if (isFictional) return random.chance(0.5) ? ["approved", "approved"] : ["approved", "approved", "approved"];
  const roll = random.next();
  if (roll < 0.72) {
    const approved = Array<"approved">(random.pick([1, 1, 2, 2, 3])).fill("approved");
    return random.chance(0.08) ? [...approved, "pending"] : approved;
  }
  if (roll < 0.8) return ["pending"];
  if (roll < 0.82) return ["rejected"];
  return [];
}

function generateProfile(index: number, random: Random, now: number, today: string): Profile {
  const gender = random.chance(0.56) ? "male" : "female";
  const other = gender === "male" ? "female" : "male";
  const seekingRoll = random.next();
  const seeking = seekingRoll < 0.88 ? other : seekingRoll < 0.96 ? "both" : gender;
  const state = weightedState(random);
  const city = random.chance(0.55) ? state.cities[0] : random.pick(state.cities);
  const name = random.pick(gender === "female" ? FEMALE_NAMES : MALE_NAMES);
  const cityWord = city.replace(/[^A-Za-z]/g, "");
  // Letters, then the index in digits: unique by construction, whatever the style.
  const prefix = random.pick([name, `${name}_${cityWord}`, `Its${name}_`, `${cityWord}${name}`]);
  const digits = String(index + 1);
  const username = `${prefix.slice(0, 20 - digits.length)}${digits}`;
  const isFictional = random.chance(0.02);
  const createdAt = random.chance(0.06)
    ? now - random.next() * 30 * DAY_MS
    : now - (30 + random.next() * 4 * 365) * DAY_MS;
  // Most members were here lately; a few hundred are online right now.
  const lastActiveAt = random.chance(0.005)
    ? now - random.next() * 8 * 60_000
    : now - Math.min(90 * DAY_MS, now - createdAt) * random.next() ** 1.6;
  const deleted = random.chance(0.005);
  const profile: Profile = {
    username,
    email: isFictional ? null : `${username.toLowerCase()}@bench.example`,
    roles: ["member"],
    isFictional,
    onlineHours: isFictional ? Array.from({ length: random.int(4, 9) }, (_, offset) => (index * 7 + offset) % 24) : [],
    birthdate: birthdateAged(pickAge(random), today, random),
    gender,
    seeking,
    state: state.code,
    city,
    headline: random.chance(0.8) ? random.pick(HEADLINES) : null,
    aboutMe: random.chance(0.7) ? random.pick(ABOUT) : null,
    interests: random.sample(INTERESTS, random.int(0, 5)),
    createdAt: new Date(createdAt),
    lastActiveAt: new Date(lastActiveAt),
    deactivatedAt: !deleted && random.chance(0.015) ? new Date(lastActiveAt) : null,
    deletedAt: null,
    photos: pickPhotos(random, isFictional),
  };
  if (deleted) {
    // What account deletion leaves behind (accounts/service.ts).
    Object.assign(profile, {
      username: `deleted-${index + 1}`,
      email: null,
      birthdate: null,
      headline: null,
      aboutMe: null,
      interests: [],
      state: null,
      city: "",
      deletedAt: new Date(lastActiveAt),
      photos: [],
    });
  }
  return profile;
}

/** Staff never appear in search: recent, in NSW and female, so the benchmark query must skip them. */
function staffProfile(index: number, now: number, today: string, random: Random): Profile {
  return {
    ...generateProfile(PROFILE_COUNT + index, random, now, today),
    username: `BenchStaff${index + 1}`,
    email: `bench-staff-${index + 1}@bench.example`,
    roles: index % 3 === 0 ? ["admin", "operator"] : ["operator"],
    isFictional: false,
    gender: "female",
    birthdate: birthdateAged(30, today, random),
    state: "NSW",
    city: "Sydney",
    lastActiveAt: new Date(now - index * 60_000),
    deactivatedAt: null,
    deletedAt: null,
    photos: ["approved"],
  };
}

function benchMember(now: number, today: string, random: Random): Profile {
  return {
    ...generateProfile(PROFILE_COUNT + 100, random, now, today),
    username: BENCH_MEMBER.username,
    email: BENCH_MEMBER.email,
    roles: ["member"],
    isFictional: false,
    onlineHours: [],
    gender: "male",
    seeking: "female",
    birthdate: birthdateAged(35, today, random),
    state: "NSW",
    city: "Sydney",
    createdAt: new Date(now - 200 * DAY_MS),
    lastActiveAt: new Date(now),
    deactivatedAt: null,
    deletedAt: null,
    photos: ["approved", "approved"],
  };
}

async function insertUsers(
  pool: pg.Pool,
  rows: Profile[],
  memberHash: string,
  benchHash: string,
): Promise<Map<string, number>> {
  const column = <T>(type: string, pick: (row: Profile) => T): ColumnValues => ({ type, values: rows.map(pick) });
  const result = await insertColumns(
    pool,
    "users",
    {
      username: column("text", (row) => row.username),
      email: column("text", (row) => row.email),
      password_hash: column("text", (row) =>
        row.email === BENCH_MEMBER.email ? benchHash : row.email && !row.deletedAt ? memberHash : null,
      ),
      email_verified_at: column("timestamptz", (row) => (row.email ? row.createdAt : null)),
      roles: column("text[]", (row) => arrayLiteral(row.roles)),
      is_fictional: column("boolean", (row) => row.isFictional),
      online_hours: column("smallint[]", (row) => arrayLiteral(row.onlineHours)),
      birthdate: column("date", (row) => row.birthdate),
      gender: column("text", (row) => row.gender),
      seeking: column("text", (row) => row.seeking),
      state: column("text", (row) => row.state),
      city: column("text", (row) => row.city),
      headline: column("text", (row) => row.headline),
      about_me: column("text", (row) => row.aboutMe),
      interests: column("text[]", (row) => arrayLiteral(row.interests)),
      terms_version: column("text", (row) => (row.isFictional ? null : CURRENT_TERMS_VERSION)),
      terms_accepted_at: column("timestamptz", (row) => (row.isFictional ? null : row.createdAt)),
      created_at: column("timestamptz", (row) => row.createdAt),
      updated_at: column("timestamptz", (row) => row.lastActiveAt),
      last_active_at: column("timestamptz", (row) => row.lastActiveAt),
      deactivated_at: column("timestamptz", (row) => row.deactivatedAt),
      deleted_at: column("timestamptz", (row) => row.deletedAt),
    },
    "id, username",
  );
  return new Map(result.rows.map((row: { id: string; username: string }) => [row.username, Number(row.id)]));
}

async function insertPhotos(pool: pg.Pool, rows: Profile[], ids: Map<string, number>): Promise<number> {
  const photos = rows.flatMap((row) =>
    row.photos.map((status, position) => ({ userId: ids.get(row.username), status, position })),
  );
  await insertColumns(pool, "photos", {
    user_id: { type: "bigint", values: photos.map((photo) => photo.userId) },
    // The files need not exist: search only hands out URLs built from the key.
    storage_key: { type: "text", values: photos.map(() => `photos/${randomUUID()}`) },
    width: { type: "integer", values: photos.map(() => 800) },
    height: { type: "integer", values: photos.map(() => 1000) },
    is_primary: { type: "boolean", values: photos.map((photo) => photo.position === 0) },
    status: { type: "text", values: photos.map((photo) => photo.status) },
    position: { type: "integer", values: photos.map((photo) => photo.position) },
  });
  return photos.length;
}

/**
 * 100,000 members (BENCH_PROFILES to change it), 12 staff and the benchmark
 * member, with their photos rows. Generated from a fixed seed, so every run
 * builds the same people (relative to today).
 */
export const profilesStep: SeedStep = {
  name: "profiles",
  async run(pool) {
    const random = createRandom(SEED);
    const now = Date.now();
    const today = todayInTimezone(SITE_TIMEZONE);
    // One real argon2 hash shared by every member: rows are as wide as real ones, without 100,000 hashings.
    const [memberHash, benchHash] = await Promise.all([
      hashPassword(randomUUID()),
      hashPassword(BENCH_MEMBER.password),
    ]);
    const everyone = [
      benchMember(now, today, random),
      ...Array.from({ length: 12 }, (_, index) => staffProfile(index, now, today, random)),
      ...Array.from({ length: PROFILE_COUNT }, (_, index) => generateProfile(index, random, now, today)),
    ];
    let photoCount = 0;
    for (let start = 0; start < everyone.length; start += CHUNK) {
      const chunk = everyone.slice(start, start + CHUNK);
      const ids = await insertUsers(pool, chunk, memberHash, benchHash);
      photoCount += await insertPhotos(pool, chunk, ids);
    }
    const count = (predicate: (row: Profile) => boolean) => everyone.filter(predicate).length.toLocaleString("en");
    return [
      `${everyone.length.toLocaleString("en")} users (${count((row) => row.isFictional)} fictional,`,
      `${count((row) => row.deactivatedAt !== null)} deactivated, ${count((row) => row.deletedAt !== null)} deleted,`,
      `12 staff, the benchmark member ${BENCH_MEMBER.email}),`,
      `${photoCount.toLocaleString("en")} photos (${count((row) => row.photos[0] === "approved")} with an approved primary)`,
    ].join(" ");
  },
};
