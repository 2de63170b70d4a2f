import { count, eq, sql } from "drizzle-orm";
import { hashPassword } from "../modules/auth/passwords";
import type { AppContext } from "../platform/app-context";
import { photos, users } from "../platform/db/schema";
import { avatarSvg, renderAvatar } from "./avatar";
import { birthdateForAge, generateDemoProfiles } from "./demo-profiles";
import { createRandom } from "./random";

export const DEMO_PROFILE_COUNT = 320;
const SEED = 20_261_121;

export async function seedIfEmpty(context: AppContext): Promise<boolean> {
  const [row] = await context.database.db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 0) return false;
  await seedDemoData(context);
  return true;
}

/**
 * Creates the demo member, the admin (also an operator) and the fictional
 * profiles with generated avatars. Safe to run again: existing rows are kept
 * and missing avatars are redrawn.
 */
export async function seedDemoData(context: AppContext): Promise<{ profiles: number }> {
  const { db } = context.database;
  const { demo } = context.config;
  const random = createRandom(SEED);

  const accounts = [
    {
      username: "DemoMember",
      email: demo.memberEmail,
      password: demo.memberPassword,
      roles: ["member"],
      gender: "male" as const,
      seeking: "female" as const,
    },
    {
      username: "SiteAdmin",
      email: demo.adminEmail,
      password: demo.adminPassword,
      roles: ["admin", "operator"],
      gender: "female" as const,
      seeking: "male" as const,
    },
  ];
  for (const account of accounts) {
    await db
      .insert(users)
      .values({
        username: account.username,
        email: account.email.toLowerCase(),
        passwordHash: await hashPassword(account.password),
        emailVerifiedAt: new Date(),
        roles: account.roles,
        birthdate: birthdateForAge(34, 40),
        gender: account.gender,
        seeking: account.seeking,
        state: "NSW",
        city: "Sydney",
      })
      .onConflictDoNothing();
  }

  const profiles = generateDemoProfiles(DEMO_PROFILE_COUNT, random);
  const now = Date.now();
  for (let start = 0; start < profiles.length; start += 100) {
    const batch = profiles.slice(start, start + 100);
    await db
      .insert(users)
      .values(
        batch.map(({ lastActiveMinutesAgo, ...profile }) => ({
          ...profile,
          roles: ["member"],
          isFictional: true,
          lastActiveAt: new Date(now - lastActiveMinutesAgo * 60_000),
        })),
      )
      .onConflictDoNothing();
  }

  await drawMissingAvatars(context, profiles.length);
  return { profiles: profiles.length };
}

async function drawMissingAvatars(context: AppContext, expected: number): Promise<void> {
  const { db } = context.database;
  const fictional = await db
    .select({
      id: users.id,
      uuid: users.uuid,
      gender: users.gender,
      hairColor: users.hairColor,
      photoKey: photos.storageKey,
    })
    .from(users)
    .leftJoin(photos, sql`${photos.userId} = ${users.id} and ${photos.isPrimary}`)
    .where(eq(users.isFictional, true))
    .orderBy(users.id)
    .limit(expected * 2);

  const random = createRandom(SEED + 1);
  const work = fictional.map((profile) => ({
    profile,
    svg: avatarSvg(profile.gender === "male" ? "male" : "female", profile.hairColor, random),
  }));
  // sharp renders on libuv's pool; a few at a time keeps both cores busy without queueing hundreds of jobs.
  const parallel = 6;
  for (let start = 0; start < work.length; start += parallel) {
    await Promise.all(
      work.slice(start, start + parallel).map(async ({ profile, svg }) => {
        const storageKey = profile.photoKey ?? `photos/${profile.uuid}`;
        if (profile.photoKey && (await context.storage.exists(`${storageKey}-large.webp`))) return;
        const { large, thumb } = await renderAvatar(svg);
        await context.storage.put(`${storageKey}-large.webp`, large);
        await context.storage.put(`${storageKey}-thumb.webp`, thumb);
        if (!profile.photoKey) {
          await db
            .insert(photos)
            .values({ userId: profile.id, storageKey, width: 400, height: 400, isPrimary: true, status: "approved" });
        }
      }),
    );
  }
}
