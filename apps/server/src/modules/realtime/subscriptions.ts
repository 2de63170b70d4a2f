import { type RealtimeEventPayloads, realtimeCloseCodes, realtimeEvents } from "@velvet/shared/realtime/events";
import type { BusPayload } from "./bus";
import { allowsClientEvents, channelKind, isValidChannelName, serverToUserId } from "./channels";
import { type Connection, sendError, sendFrame, sendSubscriptionError } from "./connection";
import type { PresenceMember, PresenceStore } from "./presence-store";
import { verifyAuth } from "./signatures";

export const MAX_PRESENCE_MEMBERS = 100;
/** A socket's client events are relayed at most one per this long; the web app sends one per 2.5 s of typing. */
export const CLIENT_EVENT_INTERVAL_MS = 1_000;

interface SubscriptionOptions {
  appKey: string;
  appSecret: string;
  presence: PresenceStore;
  publish: (payload: BusPayload) => Promise<void>;
}

function readObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

function parsePresenceMember(channelData: unknown): PresenceMember | undefined {
  if (typeof channelData !== "string") return undefined;
  try {
    const parsed = JSON.parse(channelData) as { user_id?: unknown; user_info?: unknown };
    if ((typeof parsed.user_id !== "string" && typeof parsed.user_id !== "number") || String(parsed.user_id) === "")
      return undefined;
    return {
      user_id: String(parsed.user_id),
      ...(parsed.user_info === undefined ? {} : { user_info: parsed.user_info }),
    };
  } catch {
    return undefined;
  }
}

/**
 * Channels on this process: who is subscribed, the presence view each process
 * keeps in step with the shared store, and client events between subscribers.
 */
export class Subscriptions {
  private readonly channels = new Map<string, Set<Connection>>();
  /** Presence channels with local subscribers -> members as last seen, for member_added/removed diffs. */
  private readonly presenceViews = new Map<string, Map<string, PresenceMember>>();
  onCountChange: (channel: string, count: number) => void = () => {};

  constructor(private readonly options: SubscriptionOptions) {}

  localCounts(): Map<string, number> {
    return new Map([...this.channels].map(([name, members]) => [name, members.size]));
  }

  localSubscribers(channel: string): ReadonlySet<Connection> {
    return this.channels.get(channel) ?? new Set();
  }

  async subscribe(connection: Connection, rawData: unknown): Promise<void> {
    const data = readObject(rawData);
    const channel = data.channel;
    if (!isValidChannelName(channel)) {
      sendSubscriptionError(connection, typeof channel === "string" ? channel : "", 400, "Invalid channel name");
      return;
    }
    if (connection.channels.has(channel)) {
      sendFrame(connection, {
        event: "pusher_internal:subscription_succeeded",
        channel,
        data: await this.succeededData(channel),
      });
      return;
    }
    if (connection.revokedChannels.has(channel)) {
      sendSubscriptionError(connection, channel, 403, "This socket may no longer join this channel");
      return;
    }
    const kind = channelKind(channel);
    const { appKey, appSecret } = this.options;
    let member: PresenceMember | undefined;
    if (kind === "private" || kind === "encrypted") {
      if (!verifyAuth(appKey, appSecret, data.auth, `${connection.socketId}:${channel}`)) {
        sendSubscriptionError(connection, channel, 401, "Invalid signature");
        return;
      }
    } else if (kind === "presence") {
      member = parsePresenceMember(data.channel_data);
      if (
        !member ||
        !verifyAuth(appKey, appSecret, data.auth, `${connection.socketId}:${channel}:${String(data.channel_data)}`)
      ) {
        sendSubscriptionError(connection, channel, 401, "Invalid signature");
        return;
      }
      const members = await this.options.presence.members(channel);
      if (!members.has(member.user_id) && members.size >= MAX_PRESENCE_MEMBERS) {
        sendSubscriptionError(
          connection,
          channel,
          403,
          `Presence channels hold at most ${MAX_PRESENCE_MEMBERS} members`,
        );
        return;
      }
      await this.options.presence.add(channel, connection.socketId, member);
    } else if (kind === "server-to-user") {
      if (connection.userId === undefined || connection.userId !== serverToUserId(channel)) {
        sendSubscriptionError(connection, channel, 403, "Sign in as this user to join their channel");
        return;
      }
    }

    connection.channels.set(channel, member);
    const subscribers = this.channels.get(channel) ?? new Set<Connection>();
    subscribers.add(connection);
    this.channels.set(channel, subscribers);
    this.onCountChange(channel, subscribers.size);
    sendFrame(connection, {
      event: "pusher_internal:subscription_succeeded",
      channel,
      data: await this.succeededData(channel),
    });
    if (kind === "presence") {
      await this.syncPresence(channel);
      await this.options.publish({ type: "presence", channel });
    }
  }

  private async succeededData(channel: string): Promise<unknown> {
    if (channelKind(channel) !== "presence") return {};
    const members = await this.options.presence.members(channel);
    const hash = Object.fromEntries([...members.values()].map((member) => [member.user_id, member.user_info ?? null]));
    return { presence: { ids: [...members.keys()], hash, count: members.size } };
  }

  async unsubscribe(connection: Connection, rawData: unknown): Promise<void> {
    const channel = readObject(rawData).channel;
    if (typeof channel === "string") await this.leave(connection, channel);
  }

  private async leave(connection: Connection, channel: string): Promise<void> {
    if (!connection.channels.has(channel)) return;
    connection.channels.delete(channel);
    const subscribers = this.channels.get(channel);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) this.channels.delete(channel);
    this.onCountChange(channel, subscribers?.size ?? 0);
    if (channelKind(channel) === "presence") {
      await this.options.presence.remove(channel, connection.socketId);
      await this.syncPresence(channel);
      await this.options.publish({ type: "presence", channel });
    }
  }

  async leaveAll(connection: Connection): Promise<void> {
    for (const channel of [...connection.channels.keys()]) await this.leave(connection, channel);
  }

  /** On shutdown: drop this process's presence entries at once instead of waiting for them to expire. */
  async leaveEverything(): Promise<void> {
    for (const subscribers of [...this.channels.values()]) {
      for (const connection of [...subscribers]) await this.leaveAll(connection);
    }
  }

  /**
   * Brings this process's view of a presence channel in line with the shared
   * store and tells local subscribers who came and went: member_added only for
   * a user's first connection anywhere, member_removed only after their last.
   */
  async syncPresence(channel: string): Promise<void> {
    const subscribers = this.channels.get(channel);
    if (!subscribers || subscribers.size === 0) {
      this.presenceViews.delete(channel);
      return;
    }
    const previous = this.presenceViews.get(channel) ?? new Map<string, PresenceMember>();
    const current = await this.options.presence.members(channel);
    this.presenceViews.set(channel, current);
    for (const [userId, member] of current) {
      if (previous.has(userId)) continue;
      for (const connection of subscribers) {
        // The joiner (in any of their tabs) never hears about themselves.
        if (connection.channels.get(channel)?.user_id === userId) continue;
        sendFrame(connection, { event: "pusher_internal:member_added", channel, data: member });
      }
    }
    for (const userId of previous.keys()) {
      if (current.has(userId)) continue;
      for (const connection of subscribers) {
        sendFrame(connection, { event: "pusher_internal:member_removed", channel, data: { user_id: userId } });
      }
    }
  }

  /** Keeps this process's presence entries from expiring, and notices members whose process died. */
  async refreshPresenceEntries(): Promise<void> {
    const entries: Array<{ channel: string; connectionKey: string; member: PresenceMember }> = [];
    for (const [channel, subscribers] of this.channels) {
      if (channelKind(channel) !== "presence") continue;
      for (const connection of subscribers) {
        const member = connection.channels.get(channel);
        if (member) entries.push({ channel, connectionKey: connection.socketId, member });
      }
    }
    await this.options.presence.refresh(entries);
    for (const channel of [...this.presenceViews.keys()]) await this.syncPresence(channel);
  }

  deliver(channel: string, event: string, data: string, exceptSocketId?: string, userId?: string): void {
    const subscribers = this.channels.get(channel);
    if (!subscribers) return;
    for (const connection of subscribers) {
      if (connection.socketId === exceptSocketId) continue;
      sendFrame(connection, { event, channel, data, ...(userId === undefined ? {} : { user_id: userId }) });
    }
  }

  /**
   * Client events are the members' only way to write to each other without the API, so the server decides what
   * they carry: only `client-typing`, at most one a second per socket, and in the name of the member the socket
   * was authorised for, whatever the sender wrote (a free-text "username" would put words of its choosing on
   * the other member's screen).
   */
  async clientEvent(connection: Connection, event: string, channel: unknown): Promise<void> {
    if (typeof channel !== "string" || !connection.channels.has(channel)) {
      sendError(connection, null, "Client events need a subscribed channel");
      return;
    }
    if (!allowsClientEvents(channel)) {
      sendError(connection, null, "Client events are only allowed on private and presence channels");
      return;
    }
    if (event !== realtimeEvents.typing) {
      sendError(connection, null, `Only ${realtimeEvents.typing} is accepted from clients`);
      return;
    }
    const member = connection.member;
    if (!member) {
      sendError(connection, null, "Client events need a socket authorised for a member");
      return;
    }
    const now = Date.now();
    if (now - connection.lastClientEventAt < CLIENT_EVENT_INTERVAL_MS) {
      // The connection stays open: closing with 43xx would stop pusher-js from ever reconnecting.
      sendError(connection, realtimeCloseCodes.clientEventRateExceeded, "Client events are limited to one a second");
      return;
    }
    connection.lastClientEventAt = now;
    const typing: RealtimeEventPayloads["client-typing"] = { username: member.username };
    const payload = JSON.stringify(typing);
    const userId = connection.channels.get(channel)?.user_id;
    this.deliver(channel, event, payload, connection.socketId, userId);
    await this.options.publish({
      type: "event",
      channel,
      event,
      data: payload,
      exceptSocketId: connection.socketId,
      userId,
    });
  }

  verifySignin(connection: Connection, rawData: unknown): { userId: string; userData: string } | undefined {
    const data = readObject(rawData);
    const userData = data.user_data;
    if (typeof userData !== "string") return undefined;
    if (
      !verifyAuth(this.options.appKey, this.options.appSecret, data.auth, `${connection.socketId}::user::${userData}`)
    )
      return undefined;
    try {
      const parsed = JSON.parse(userData) as { id?: unknown };
      if (typeof parsed.id !== "string" || parsed.id === "") return undefined;
      return { userId: parsed.id, userData };
    } catch {
      return undefined;
    }
  }
}
