import PusherServer from "pusher";
import Pusher from "pusher-js";
import WebSocket from "ws";
import { channelAuth, encryptedChannelSecret, userAuth } from "../modules/realtime/signatures";
import type { AppConfig } from "../platform/config";
import { jsonRequest } from "./factories";
import type { TestServer } from "./support";

export const TEST_MASTER_KEY = Buffer.alloc(32, 7).toString("base64");

export interface ClientOptions {
  /** Presence identity for this client's presence subscriptions. */
  presenceUser?: { id: string; info?: unknown };
  /** Signs with the wrong secret: every private subscription must fail. */
  forgeSignatures?: boolean;
  /** Signs for a different socket id than the client's own. */
  signForSocket?: string;
  signinUserId?: string;
}

/**
 * The real pusher-js client (Node build), pointed at a test server, with an
 * authorizer that signs like our /api/broadcasting/auth would.
 */
export function pusherClient(config: AppConfig, port: number, options: ClientOptions = {}): Pusher {
  const secret = options.forgeSignatures ? "not-the-secret" : config.pusher.secret;
  return new Pusher(config.pusher.key, {
    cluster: "eu",
    wsHost: "127.0.0.1",
    wsPort: port,
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    activityTimeout: 120_000,
    pongTimeout: 30_000,
    unavailableTimeout: 10_000,
    channelAuthorization: {
      endpoint: "/unused",
      transport: "ajax",
      customHandler: ({ socketId, channelName }, callback) => {
        const signingSocket = options.signForSocket ?? socketId;
        if (channelName.startsWith("presence-")) {
          const channelData = JSON.stringify({
            user_id: options.presenceUser?.id ?? "anonymous",
            user_info: options.presenceUser?.info,
          });
          callback(null, {
            auth: channelAuth(config.pusher.key, secret, signingSocket, channelName, channelData),
            channel_data: channelData,
          });
          return;
        }
        const auth = channelAuth(config.pusher.key, secret, signingSocket, channelName);
        if (channelName.startsWith("private-encrypted-")) {
          callback(null, {
            auth,
            shared_secret: encryptedChannelSecret(channelName, Buffer.from(TEST_MASTER_KEY, "base64")),
          });
          return;
        }
        callback(null, { auth });
      },
    },
    userAuthentication: {
      endpoint: "/unused",
      transport: "ajax",
      customHandler: ({ socketId }, callback) => {
        const userData = JSON.stringify({ id: options.signinUserId ?? "user-1" });
        callback(null, { auth: userAuth(config.pusher.key, secret, socketId, userData), user_data: userData });
      },
    },
  });
}

/** The official server library, publishing through our HTTP API. */
export function pusherPublisher(config: AppConfig, port: number, overrides: { secret?: string } = {}): PusherServer {
  return new PusherServer({
    appId: config.pusher.appId,
    key: config.pusher.key,
    secret: overrides.secret ?? config.pusher.secret,
    host: "127.0.0.1",
    port: String(port),
    useTLS: false,
    encryptionMasterKeyBase64: TEST_MASTER_KEY,
  });
}

export async function waitFor<T>(
  probe: () => T | undefined | false,
  timeoutMs = 5_000,
  label = "condition",
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function connected(client: Pusher): Promise<string> {
  return waitFor(() => client.connection.state === "connected" && client.connection.socket_id, 5_000, "connection");
}

export function subscribed(client: Pusher, channelName: string) {
  const channel = client.subscribe(channelName);
  return new Promise<typeof channel>((resolve, reject) => {
    channel.bind("pusher:subscription_succeeded", () => resolve(channel));
    channel.bind("pusher:subscription_error", (error: unknown) =>
      reject(Object.assign(new Error("subscription_error"), { detail: error })),
    );
  });
}

export function portOf(url: string): number {
  return Number(new URL(url).port);
}

/**
 * pusher-js authorizing through /api/broadcasting/auth with a member's bearer
 * token, as the web app does. `port` picks the process to connect to when
 * several serve the same site (defaults to the server's own).
 */
export function memberPusherClient(
  server: Pick<TestServer, "context" | "url" | "request">,
  authorization: Record<string, string>,
  port = portOf(server.url),
): Pusher {
  return new Pusher(server.context.config.pusher.key, {
    cluster: "eu",
    wsHost: "127.0.0.1",
    wsPort: port,
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    channelAuthorization: {
      endpoint: "/unused",
      transport: "ajax",
      customHandler: ({ socketId, channelName }, callback) => {
        server
          .request(
            "/api/broadcasting/auth",
            jsonRequest("POST", { socket_id: socketId, channel_name: channelName }, authorization),
          )
          .then(async (response) =>
            response.ok ? callback(null, await response.json()) : callback(new Error(String(response.status)), null),
          )
          .catch((error: Error) => callback(error, null));
      },
    },
  });
}

/**
 * A bare real-time connection to a server (the protocol's handshake only), for
 * tests of /api/broadcasting/auth, which signs only socket ids that are open.
 */
export async function openSocket(server: Pick<TestServer, "url" | "context">) {
  const socket = new WebSocket(
    `${server.url.replace("http", "ws")}/app/${server.context.config.pusher.key}?protocol=7`,
  );
  const socketId = await new Promise<string>((resolve, reject) => {
    socket.once("error", reject);
    socket.once("message", (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; data: string };
      if (frame.event !== "pusher:connection_established") reject(new Error(frame.event));
      else resolve((JSON.parse(frame.data) as { socket_id: string }).socket_id);
    });
  });
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  return {
    socketId,
    /** The close code, once the server (or `close`) has closed the socket. */
    closed,
    /** Subscribes with a signature; answers the server's reply (subscription_succeeded or subscription_error). */
    subscribe: (channel: string, auth: string) =>
      new Promise<string>((resolve) => {
        const answered = (raw: Buffer) => {
          const frame = JSON.parse(raw.toString()) as { event: string; channel?: string };
          if (frame.channel !== channel || !/subscription_(succeeded|error)$/.test(frame.event)) return;
          socket.off("message", answered);
          resolve(frame.event);
        };
        socket.on("message", answered);
        socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel, auth } }));
      }),
    close: async () => {
      socket.close();
      await closed;
    },
  };
}
