/** Channel names and kinds of the Pusher protocol. */
export const MAX_CHANNEL_NAME_LENGTH = 164;
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;
const SERVER_TO_USER_PREFIX = "#server-to-user-";

export type ChannelKind = "public" | "private" | "presence" | "encrypted" | "server-to-user";

export function channelKind(name: string): ChannelKind {
  if (name.startsWith(SERVER_TO_USER_PREFIX)) return "server-to-user";
  if (name.startsWith("private-encrypted-")) return "encrypted";
  if (name.startsWith("private-")) return "private";
  if (name.startsWith("presence-")) return "presence";
  return "public";
}

export function isValidChannelName(name: unknown): name is string {
  if (typeof name !== "string" || name.length === 0 || name.length > MAX_CHANNEL_NAME_LENGTH) return false;
  if (name.startsWith(SERVER_TO_USER_PREFIX)) return CHANNEL_NAME.test(name.slice(SERVER_TO_USER_PREFIX.length));
  return CHANNEL_NAME.test(name);
}

export function serverToUserChannel(userId: string): string {
  return `${SERVER_TO_USER_PREFIX}${userId}`;
}

export function serverToUserId(name: string): string {
  return name.slice(SERVER_TO_USER_PREFIX.length);
}

/** Client events are allowed on private and presence channels only (not encrypted: the server cannot read them anyway). */
export function allowsClientEvents(name: string): boolean {
  const kind = channelKind(name);
  return kind === "private" || kind === "presence";
}
