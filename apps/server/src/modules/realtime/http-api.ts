import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppConfig } from "../../platform/config";
import { AppError } from "../../platform/http/app-error";
import { channelKind, isValidChannelName } from "./channels";
import type { PresenceStore } from "./presence-store";
import type { RealtimeServer } from "./server";
import { constantTimeEquals, md5, sign } from "./signatures";

const TIMESTAMP_WINDOW_SECONDS = 600;
const MAX_EVENT_DATA_BYTES = 10 * 1024;
const MAX_CHANNELS_PER_EVENT = 100;
const MAX_BATCH = 10;

/**
 * Pusher's signed query: auth_key, auth_timestamp (within 600 s), auth_version,
 * body_md5 for bodies, and auth_signature = HMAC(secret, "METHOD\npath\nsorted query").
 */
function verifySignedRequest(config: AppConfig, request: FastifyRequest): void {
  const query = request.query as Record<string, string | undefined>;
  const path = request.url.split("?")[0] ?? "";
  const badSignature = new AppError("unauthenticated", "Invalid signature");
  if (
    query.auth_key !== config.pusher.key ||
    query.auth_version !== "1.0" ||
    typeof query.auth_signature !== "string"
  ) {
    throw badSignature;
  }
  const timestamp = Number(query.auth_timestamp);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > TIMESTAMP_WINDOW_SECONDS) {
    throw new AppError("unauthenticated", "Timestamp expired: the request must be signed within 600 seconds");
  }
  // The signature covers the body's MD5: the JSON parser keeps the exact bytes received.
  const body = request.rawBody ?? "";
  if (body.length > 0 && query.body_md5 !== md5(body)) throw new AppError("unauthenticated", "Invalid body_md5");
  const signed = Object.keys(query)
    .filter((key) => key !== "auth_signature")
    .sort()
    .map((key) => `${key.toLowerCase()}=${query[key]}`)
    .join("&");
  const expected = sign(config.pusher.secret, `${request.method}\n${path}\n${signed}`);
  if (!constantTimeEquals(expected, query.auth_signature)) throw badSignature;
}

interface TriggerBody {
  name?: unknown;
  data?: unknown;
  channel?: unknown;
  channels?: unknown;
  socket_id?: unknown;
}

function validateTrigger(body: TriggerBody): { name: string; data: string; channels: string[]; socketId?: string } {
  const channels = Array.isArray(body.channels)
    ? body.channels
    : typeof body.channel === "string"
      ? [body.channel]
      : [];
  if (typeof body.name !== "string" || body.name.length === 0 || body.name.length > 200)
    throw new AppError("bad_request", "Invalid event name");
  if (typeof body.data !== "string") throw new AppError("bad_request", "data must be a string");
  if (Buffer.byteLength(body.data) > MAX_EVENT_DATA_BYTES)
    throw new AppError("payload_too_large", "Event data is over 10 KB");
  if (channels.length === 0 || channels.length > MAX_CHANNELS_PER_EVENT || !channels.every(isValidChannelName)) {
    throw new AppError("bad_request", "Invalid channels");
  }
  return {
    name: body.name,
    data: body.data,
    channels,
    ...(typeof body.socket_id === "string" ? { socketId: body.socket_id } : {}),
  };
}

/** The HTTP API publishers use (the official `pusher` npm library works against it). */
export async function realtimeHttpApi(
  app: FastifyInstance,
  deps: { config: AppConfig; realtime: RealtimeServer; presence: PresenceStore },
): Promise<void> {
  const { config, realtime, presence } = deps;
  const common = {
    config: { siteKeyExempt: true, rateLimit: false as const },
    schema: { hide: true },
    onRequest: async (request: FastifyRequest<{ Params: { appId: string } }>) => {
      if (request.params.appId !== config.pusher.appId) throw new AppError("not_found");
    },
    preHandler: async (request: FastifyRequest) => verifySignedRequest(config, request),
  };

  app.post<{ Params: { appId: string }; Body: TriggerBody }>("/apps/:appId/events", common, async (request) => {
    const event = validateTrigger(request.body ?? {});
    for (const channel of event.channels) await realtime.publish(channel, event.name, event.data, event.socketId);
    return {};
  });

  app.post<{ Params: { appId: string }; Body: { batch?: unknown } }>(
    "/apps/:appId/batch_events",
    common,
    async (request) => {
      const batch = Array.isArray(request.body?.batch) ? (request.body.batch as TriggerBody[]) : [];
      if (batch.length === 0 || batch.length > MAX_BATCH)
        throw new AppError("bad_request", `A batch holds 1 to ${MAX_BATCH} events`);
      const events = batch.map(validateTrigger);
      for (const event of events) {
        for (const channel of event.channels) await realtime.publish(channel, event.name, event.data, event.socketId);
      }
      return { batch: events.map(() => ({})) };
    },
  );

  app.get<{ Params: { appId: string }; Querystring: { filter_by_prefix?: string; info?: string } }>(
    "/apps/:appId/channels",
    common,
    async (request) => {
      const prefix = request.query.filter_by_prefix ?? "";
      const wantsUserCount = (request.query.info ?? "").split(",").includes("user_count");
      const channels: Record<string, { user_count?: number }> = {};
      for (const [name, count] of await realtime.directory.counts()) {
        if (count <= 0 || !name.startsWith(prefix)) continue;
        channels[name] =
          wantsUserCount && channelKind(name) === "presence" ? { user_count: (await presence.members(name)).size } : {};
      }
      return { channels };
    },
  );

  app.get<{ Params: { appId: string; name: string }; Querystring: { info?: string } }>(
    "/apps/:appId/channels/:name",
    common,
    async (request) => {
      const info = (request.query.info ?? "").split(",");
      const count = (await realtime.directory.counts()).get(request.params.name) ?? 0;
      const answer: { occupied: boolean; subscription_count?: number; user_count?: number } = { occupied: count > 0 };
      if (info.includes("subscription_count")) answer.subscription_count = count;
      if (info.includes("user_count") && channelKind(request.params.name) === "presence") {
        answer.user_count = (await presence.members(request.params.name)).size;
      }
      return answer;
    },
  );

  app.get<{ Params: { appId: string; name: string } }>("/apps/:appId/channels/:name/users", common, async (request) => {
    if (channelKind(request.params.name) !== "presence")
      throw new AppError("bad_request", "Only presence channels have users");
    return { users: [...(await presence.members(request.params.name)).keys()].map((id) => ({ id })) };
  });

  app.post<{ Params: { appId: string; userId: string } }>(
    "/apps/:appId/users/:userId/terminate_connections",
    common,
    async (request) => {
      await realtime.terminateUser(request.params.userId);
      return {};
    },
  );
}
