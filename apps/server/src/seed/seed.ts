import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { hashPassword } from "../modules/auth/passwords";
import { appendMessage, openConversation } from "../modules/conversations/message-writer";
import { addCredits } from "../modules/ledger/ledger";
import type { AppContext } from "../platform/app-context";
import { users } from "../platform/db/schema/members";
import { operatorTemplates } from "../platform/db/schema/operator";
import { photos } from "../platform/db/schema/profiles";
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
 * Creates the demo member, the admin (also an operator), an operator, the
 * fictional profiles with generated avatars and the console's templates.
 * Safe to run again: existing rows are kept and missing avatars are redrawn.
 */
export async function seedDemoData(context: AppContext): Promise<{ profiles: number }> {
  // The demo admin's password is in the README: every way in (start, `npm run seed`) stops here off a dev machine.
  if (!context.config.developmentFeatures) {
    throw new Error(
      "Refusing to seed demo data: it is for development only (NODE_ENV not production and APP_URL on localhost)",
    );
  }
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
    {
      username: "DeskOperator",
      email: demo.operatorEmail,
      password: demo.operatorPassword,
      roles: ["operator"],
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

  await scheduleOnlineHours(context, profiles);
  await drawMissingAvatars(context, profiles.length);
  await startDemoConversations(context, demo.memberEmail);
  await db.insert(operatorTemplates).values(DEMO_TEMPLATES).onConflictDoNothing();
  return { profiles: profiles.length };
}

/** A starter set for the operator console; `{member}`, `{profile}` and `{city}` are filled in as they expand. */
const DEMO_TEMPLATES = [
  { code: "hi", kind: "canned", text: "Hey {member} 😊 so glad you wrote! How's your day going?" },
  { code: "busy", kind: "canned", text: "Sorry for the slow reply, crazy day! Tell me more about you?" },
  { code: "night", kind: "canned", text: "So what are you up to tonight? 😉" },
  { code: "pics", kind: "canned", text: "Did you like my photos? Which one is your favourite?" },
  { code: "later", kind: "canned", text: "I have to run now, but message me later ok? 💋" },
  {
    code: "fc-local",
    kind: "first_contact",
    text: "Hi {member}! I see you're in {city} too. Fancy a chat with a local girl?",
  },
  {
    code: "fc-bored",
    kind: "first_contact",
    text: "Hey you, I'm {profile} 👋 bored tonight and you look like fun. Chat?",
  },
];

const DEMO_CREDITS = 100;
const DEMO_OPENERS = [
  "Hey you 😊 saw your profile and had to say hi. What are you up to tonight?",
  "Hi! You look like trouble in the best way. Tell me something about you?",
  "G'day, stranger. I'm bored and you look fun. Chat?",
];

/**
 * The demo member gets credits to spend and a few fictional profiles who wrote
 * first, so /messages shows a real inbox on a fresh start (both only once).
 */
async function startDemoConversations(context: AppContext, memberEmail: string): Promise<void> {
  const { db } = context.database;
  const [member] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, memberEmail.toLowerCase()));
  if (!member) return;
  const writers = await db
    .select()
    .from(users)
    .where(and(eq(users.isFictional, true), eq(users.gender, "female")))
    .orderBy(users.id)
    .limit(DEMO_OPENERS.length);
  await db.transaction(async (tx) => {
    await addCredits(tx, member, DEMO_CREDITS, "demo_grant", `user:${member.id}`);
    for (const [index, writer] of writers.entries()) {
      const conversation = await openConversation(tx, writer.id, member.id);
      await appendMessage(context, tx, {
        sender: writer,
        partner: member,
        conversationId: conversation.id,
        conversationUuid: conversation.uuid,
        type: "text",
        text: DEMO_OPENERS[index] ?? DEMO_OPENERS[0] ?? "Hi!",
        imageId: null,
        // Fixed per pair, so seeding again sends nothing twice.
        clientId: uuidFromNumbers(writer.id, member.id),
        chargeable: false,
        notifyRecipient: true,
      });
    }
  });
  context.realtimeEvents.kick();
}

function uuidFromNumbers(a: number, b: number): string {
  const hex = (value: number) => value.toString(16).padStart(12, "0").slice(-12);
  return `00000000-0000-4000-8000-${hex(a * 1_000_003 + b)}`;
}

/** Profiles seeded before schedules existed get theirs on the next seed. */
async function scheduleOnlineHours(context: AppContext, profiles: Array<{ username: string; onlineHours: number[] }>) {
  const { db } = context.database;
  const unscheduled = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.isFictional, true), sql`cardinality(${users.onlineHours}) = 0`));
  const hoursByName = new Map(profiles.map((profile) => [profile.username.toLowerCase(), profile.onlineHours]));
  for (const row of unscheduled) {
    const hours = hoursByName.get(row.username.toLowerCase());
    if (hours) await db.update(users).set({ onlineHours: hours }).where(eq(users.username, row.username));
  }
}

/** Each fictional profile shows 2 or 3 photos. */
function photoTarget(userId: number): number {
  return 2 + (userId % 2);
}

async function drawMissingAvatars(context: AppContext, expected: number): Promise<void> {
  const { db } = context.database;
  const fictional = await db
    .select({ id: users.id, gender: users.gender, hairColor: users.hairColor })
    .from(users)
    .where(eq(users.isFictional, true))
    .orderBy(users.id)
    .limit(expected * 2);
  const existing = await db
    .select({ userId: photos.userId, storageKey: photos.storageKey })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(eq(users.isFictional, true));
  const keysByUser = new Map<number, string[]>();
  for (const row of existing) keysByUser.set(row.userId, [...(keysByUser.get(row.userId) ?? []), row.storageKey]);

  const random = createRandom(SEED + 1);
  const work: Array<{ userId: number; storageKey: string; isNew: boolean; position: number; svg: string }> = [];
  for (const profile of fictional) {
    const keys = keysByUser.get(profile.id) ?? [];
    const gender = profile.gender === "male" ? "male" : "female";
    for (const storageKey of keys) {
      // A photo row whose files are gone (uploads wiped) is redrawn in place.
      if (!(await context.storage.exists(`${storageKey}-large.webp`))) {
        work.push({
          userId: profile.id,
          storageKey,
          isNew: false,
          position: 0,
          svg: avatarSvg(gender, profile.hairColor, random),
        });
      }
    }
    for (let index = keys.length; index < photoTarget(profile.id); index++) {
      work.push({
        userId: profile.id,
        storageKey: `photos/${randomUUID()}`,
        isNew: true,
        position: index,
        svg: avatarSvg(gender, profile.hairColor, random),
      });
    }
  }
  // sharp renders on libuv's pool; a few at a time keeps both cores busy without queueing hundreds of jobs.
  const parallel = 6;
  for (let start = 0; start < work.length; start += parallel) {
    await Promise.all(
      work.slice(start, start + parallel).map(async (item) => {
        const { large, thumb, medium } = await renderAvatar(item.svg);
        await context.storage.put(`${item.storageKey}-large.webp`, large);
        await context.storage.put(`${item.storageKey}-medium.webp`, medium);
        await context.storage.put(`${item.storageKey}-thumb.webp`, thumb);
        if (item.isNew) {
          await db.insert(photos).values({
            userId: item.userId,
            storageKey: item.storageKey,
            width: 480,
            height: 480,
            isPrimary: item.position === 0,
            status: "approved",
            position: item.position,
          });
        }
      }),
    );
  }
}
