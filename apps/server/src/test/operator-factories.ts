import { randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { users } from "../platform/db/schema/members";
import { photos } from "../platform/db/schema/profiles";
import { giveCredits, jsonRequest, signedInMember } from "./factories";
import type { TestServer } from "./support";

/** A fictional profile with one approved photo on disk (for image replies). */
export async function createFictionalProfile(server: TestServer, options: { username?: string } = {}) {
  const suffix = randomBytes(3).toString("hex");
  const [profile] = await server.context.database.db
    .insert(users)
    .values({
      username: options.username ?? `Fiction${suffix}`,
      roles: ["member"],
      isFictional: true,
      birthdate: "1995-03-10",
      gender: "female",
      seeking: "male",
      state: "VIC",
      city: "Melbourne",
      aboutMe: "Coffee, beaches and bad jokes.",
    })
    .returning();
  if (!profile) throw new Error("profile not created");
  const storageKey = `photos/${randomUUID()}`;
  const picture = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c45f93" } })
    .webp()
    .toBuffer();
  await server.context.storage.put(`${storageKey}-large.webp`, picture);
  const [photo] = await server.context.database.db
    .insert(photos)
    .values({ userId: profile.id, storageKey, width: 40, height: 40, isPrimary: true, status: "approved" })
    .returning();
  if (!photo) throw new Error("photo not created");
  return { ...profile, photo };
}

/** A signed-in operator (or admin, with roles). */
export function signedInStaff(server: TestServer, roles: string[] = ["operator"]) {
  return signedInMember(server, { roles });
}

/** A member who wrote to a fictional profile over HTTP, as members do; answers the conversation uuid. */
export async function memberWritesTo(
  server: TestServer,
  profile: { uuid: string },
  text = "Hi there, how are you?",
  member?: Awaited<ReturnType<typeof signedInMember>>,
) {
  const writer = member ?? (await signedInMember(server));
  await giveCredits(server, writer, 20);
  const response = await server.request(
    `/api/profiles/${profile.uuid}/messages`,
    jsonRequest("POST", { type: "text", text, client_id: randomUUID() }, writer.auth),
  );
  if (response.status !== 201) throw new Error(`send failed with ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { data: { conversation: string; id: number } };
  return { member: writer, conversationUuid: body.data.conversation, messageId: body.data.id };
}
