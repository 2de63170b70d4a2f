import { randomInt } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { pusherProtocolVersion, realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { type WebSocket, WebSocketServer } from "ws";
import { addressKey } from "../../platform/http/address-key";
import type { Logger } from "../../platform/logging/logger";
import { clientAddressOf, type TrustProxy } from "../../platform/trust-proxy";
import type { BusMessage, BusPayload, RealtimeBus } from "./bus";
import type { ChannelDirectory } from "./channel-directory";
import { type Connection, newConnection, ownerKey, randomSocketId, sendError, sendFrame } from "./connection";
import { ConnectionLimiter, type ConnectionLimits, UPGRADE_WINDOW_MS } from "./connection-limits";
import { PRESENCE_ENTRY_TTL_MS, type PresenceStore } from "./presence-store";
import type { SocketRegistry } from "./socket-registry";
import { Subscriptions } from "./subscriptions";

/** Seconds of silence after which we ping a client (pusher-js uses the smaller of this and its own). */
const ACTIVITY_TIMEOUT_SECONDS = 120;
const PONG_TIMEOUT_MS = 30_000;
/** Frames over this close the socket with 1009 (ws does it); messages over 10 KB are refused. */
const MAX_FRAME_BYTES = 64 * 1024;
export const MAX_MESSAGE_BYTES = 10 * 1024;
const SOCKET_REGISTRATION_WAIT_MS = 1_000;

export interface RealtimeOptions {
  appKey: string;
  appSecret: string;
  allowedOrigins: string[];
  /** Which X-Forwarded-For hops to believe for the per-address limits (the API's rule). */
  trustProxy: TrustProxy;
  connectionLimits: ConnectionLimits;
  logger: Logger;
  presence: PresenceStore;
  sockets: SocketRegistry;
  directory: (localCounts: () => Map<string, number>, processId: string) => ChannelDirectory;
  bus: (processId: string) => RealtimeBus;
  activityTimeoutSeconds?: number;
  pongTimeoutMs?: number;
  /** The presence store's entry lifetime, refreshed every third of it. */
  presenceTtlMs?: number;
}

/**
 * The Pusher Channels protocol 7 endpoint at /app/{key}, on the app's own HTTP
 * server, so the standard pusher-js client connects unchanged. Connection
 * lifecycle lives here; channels, presence and client events in Subscriptions.
 */
export class RealtimeServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  private readonly connections = new Map<string, Connection>();
  /** Tells this process's messages on the bus apart from the others'. */
  readonly processId = String(randomInt(1, 2_147_483_647));
  private readonly limiter: ConnectionLimiter;
  private timers: NodeJS.Timeout[] = [];
  private closing = false;
  readonly bus: RealtimeBus;
  readonly subscriptions: Subscriptions;
  readonly directory: ChannelDirectory;
  readonly presence: PresenceStore;
  readonly sockets: SocketRegistry;

  constructor(private readonly options: RealtimeOptions) {
    this.bus = options.bus(this.processId);
    this.limiter = new ConnectionLimiter(options.connectionLimits);
    this.presence = options.presence;
    this.sockets = options.sockets;
    this.subscriptions = new Subscriptions({
      appKey: options.appKey,
      appSecret: options.appSecret,
      presence: options.presence,
      publish: (payload) => this.publishToOthers(payload),
    });
    this.directory = options.directory(() => this.subscriptions.localCounts(), this.processId);
    this.subscriptions.onCountChange = (channel, count) => void this.directory.set(channel, count).catch(() => {});
    this.bus.onMessage((message) => this.handleBusMessage(message));
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  attach(server: Server): void {
    server.on("upgrade", (request, socket, head) => this.handleUpgrade(request, socket, head));
    const activityMs = (this.options.activityTimeoutSeconds ?? ACTIVITY_TIMEOUT_SECONDS) * 1000;
    const pongTimeoutMs = this.options.pongTimeoutMs ?? PONG_TIMEOUT_MS;
    // Timers of their own, not jobs: pings and this process's own presence entries look after the
    // sockets this process holds, which no other process could do for it, so they are not shared background work.
    const every = (ms: number, work: () => void) => {
      const timer = setInterval(work, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(Math.min(activityMs, pongTimeoutMs) / 2, () => this.checkLiveness(activityMs, pongTimeoutMs));
    // Keep this process's presence entries and channel counts alive, and notice members of dead processes.
    every((this.options.presenceTtlMs ?? PRESENCE_ENTRY_TTL_MS) / 3, () => {
      void this.subscriptions.refreshPresenceEntries().catch(() => {});
      void this.directory.refresh(this.subscriptions.localCounts()).catch(() => {});
      void this.sockets.refresh().catch(() => {});
    });
    every(UPGRADE_WINDOW_MS, () => this.limiter.sweep());
  }

  /** Delivers an event to a channel's subscribers on every process (the publishing API of this server). */
  async publish(channel: string, event: string, data: string, exceptSocketId?: string): Promise<void> {
    this.subscriptions.deliver(channel, event, data, exceptSocketId);
    await this.publishToOthers({ type: "event", channel, event, data, exceptSocketId });
  }

  /** Closes every connection signed in as the user, on every process, with 4009 (the HTTP API's terminate_connections). */
  async terminateUser(userId: string): Promise<void> {
    await this.closeMemberConnections({ memberUuid: userId }, realtimeCloseCodes.unauthorizedConnection);
  }

  /**
   * Closes, on every process, each connection signed in as the member or whose
   * channels their token authorised (only those of one session with
   * `sessionId`), with `code`. Their subscriptions are dropped first, so
   * nothing more reaches them while the close handshake runs.
   */
  async closeMemberConnections(target: { memberUuid: string; sessionId?: string }, code: number): Promise<void> {
    this.closeLocal(target.memberUuid, target.sessionId, code);
    await this.publishToOthers({ type: "terminate", userId: target.memberUuid, sessionId: target.sessionId, code });
  }

  /**
   * Takes the member's sockets off `channel` on every process, and keeps them
   * off: the signature a socket was given for a channel stays valid for the
   * socket's life, so without this it could simply subscribe again.
   */
  async removeMemberFromChannel(memberUuid: string, channel: string): Promise<void> {
    this.removeLocal(memberUuid, channel);
    await this.publishToOthers({ type: "leave", userId: memberUuid, channel });
  }

  private removeLocal(memberUuid: string, channel: string): void {
    const key = ownerKey(memberUuid);
    for (const connection of this.connections.values()) {
      if (connection.userId !== memberUuid && !connection.owners.has(key)) continue;
      connection.revokedChannels.add(channel);
      void this.subscriptions.unsubscribe(connection, { channel }).catch(() => {});
    }
  }

  /**
   * Records that the member's session authorised a channel on the socket, on
   * whichever process holds it, so closing their connections finds it and its
   * client events go out in the member's name.
   */
  async claimSocket(socketId: string, owner: { memberUuid: string; sessionId: string; username: string }) {
    const local = this.connections.get(socketId);
    if (local) return this.claimLocal(local, owner.memberUuid, owner.sessionId, owner.username);
    await this.publishToOthers({
      type: "claim",
      socketId,
      userId: owner.memberUuid,
      sessionId: owner.sessionId,
      username: owner.username,
    });
  }

  private claimLocal(connection: Connection, memberUuid: string, sessionId: string, username: string | undefined) {
    connection.owners.add(ownerKey(memberUuid));
    connection.owners.add(ownerKey(memberUuid, sessionId));
    // The registry binds a socket to its first member for good, so the first claim names it.
    if (!connection.member && username !== undefined) connection.member = { uuid: memberUuid, username };
  }

  private async publishToOthers(payload: BusPayload): Promise<void> {
    try {
      await this.bus.publish({ ...payload, origin: this.processId } as BusMessage);
    } catch (error) {
      this.options.logger.warn({ err: error }, "real-time bus publish failed");
    }
  }

  private handleBusMessage(message: BusMessage): void {
    if (message.type === "event") {
      this.subscriptions.deliver(message.channel, message.event, message.data, message.exceptSocketId, message.userId);
    } else if (message.type === "presence") void this.subscriptions.syncPresence(message.channel).catch(() => {});
    else if (message.type === "terminate")
      this.closeLocal(message.userId, message.sessionId, message.code ?? realtimeCloseCodes.unauthorizedConnection);
    else if (message.type === "claim") {
      const connection = this.connections.get(message.socketId);
      if (connection) this.claimLocal(connection, message.userId, message.sessionId, message.username);
    } else if (message.type === "leave") this.removeLocal(message.userId, message.channel);
  }

  private closeLocal(memberUuid: string, sessionId: string | undefined, code: number): void {
    const key = ownerKey(memberUuid, sessionId);
    for (const connection of this.connections.values()) {
      const signedIn = sessionId === undefined && connection.userId === memberUuid;
      if (!signedIn && !connection.owners.has(key)) continue;
      void this.subscriptions.leaveAll(connection).catch(() => {});
      connection.socket.close(code, "Connection terminated");
      // A client that never answers the close handshake is cut off rather than held for ws's 30 s.
      setTimeout(() => connection.socket.terminate(), 1_000).unref();
    }
  }

  private handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? "/", "http://localhost");
    const match = /^\/app\/([^/]+)$/.exec(url.pathname);
    if (!match || this.closing) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      return;
    }
    const origin = request.headers.origin;
    if (origin && !this.options.allowedOrigins.includes(origin)) {
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
      return;
    }
    const address = addressKey(clientAddressOf(request, this.options.trustProxy));
    const admission = this.limiter.admit(address);
    // The place is held until the TCP connection closes, however the handshake ends.
    if (admission === "accepted") socket.once("close", () => this.limiter.release(address));
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      // Refused in the protocol rather than with an HTTP 429: pusher-js reads a 41xx code as "back off and
      // retry in a second", while a failed handshake is a transport error it retries at once and, after a
      // few, gives the WebSocket transport up for.
      if (admission !== "accepted") {
        const too = admission === "over-rate" ? "too many new connections" : "too many connections";
        return this.refuse(ws, realtimeCloseCodes.overCapacity, `Over capacity: ${too} from this address`);
      }
      const appKey = decodeURIComponent(match[1] ?? "");
      const protocol = url.searchParams.get("protocol");
      if (appKey !== this.options.appKey)
        return this.refuse(ws, realtimeCloseCodes.unknownAppKey, "Application does not exist");
      if (!protocol) return this.refuse(ws, realtimeCloseCodes.protocolMissing, "No protocol version supplied");
      if (Number(protocol) !== pusherProtocolVersion) {
        return this.refuse(ws, realtimeCloseCodes.protocolUnsupported, "Unsupported protocol version");
      }
      this.accept(ws);
    });
  }

  /** Pusher sends the error event before closing so the client can log why. */
  private refuse(ws: WebSocket, code: number, message: string): void {
    ws.send(JSON.stringify({ event: "pusher:error", data: { code, message } }));
    ws.close(code, message);
  }

  private accept(socket: WebSocket): void {
    let socketId = randomSocketId();
    while (this.connections.has(socketId)) socketId = randomSocketId();
    const connection = newConnection(socket, socketId);
    this.connections.set(connection.socketId, connection);
    socket.on("message", (raw: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      void this.handleMessage(connection, raw).catch((error: unknown) => {
        this.options.logger.warn({ err: error }, "real-time message failed");
      });
    });
    socket.on("close", () => {
      this.connections.delete(connection.socketId);
      void this.sockets.closed(connection.socketId).catch(() => {});
      void this.subscriptions.leaveAll(connection).catch(() => {});
    });
    socket.on("error", () => socket.terminate());
    // The socket id is announced only once every process can see it is live (channel authorization asks).
    const established = () =>
      sendFrame(connection, {
        event: "pusher:connection_established",
        data: {
          socket_id: connection.socketId,
          activity_timeout: this.options.activityTimeoutSeconds ?? ACTIVITY_TIMEOUT_SECONDS,
        },
      });
    // A Redis that does not answer delays the handshake by at most a second; this process still vouches for it.
    let announced = false;
    const announce = () => {
      if (announced) return;
      announced = true;
      established();
    };
    setTimeout(announce, SOCKET_REGISTRATION_WAIT_MS).unref();
    this.sockets.opened(connection.socketId).then(announce, (error: unknown) => {
      this.options.logger.warn({ err: error }, "real-time socket registration failed");
      announce();
    });
  }

  private async handleMessage(connection: Connection, raw: Buffer): Promise<void> {
    connection.lastSeenAt = Date.now();
    connection.awaitingPongSince = undefined;
    if (raw.length > MAX_MESSAGE_BYTES) {
      sendError(connection, 4300, "Message too large: the limit is 10 KB");
      return;
    }
    let message: { event?: unknown; channel?: unknown; data?: unknown };
    try {
      message = JSON.parse(raw.toString("utf8"));
    } catch {
      sendError(connection, null, "Invalid JSON");
      return;
    }
    const event = typeof message.event === "string" ? message.event : "";
    const data = typeof message.data === "string" ? safeParse(message.data) : message.data;
    if (event === "pusher:ping") sendFrame(connection, { event: "pusher:pong", data: {} });
    else if (event === "pusher:pong") return;
    else if (event === "pusher:subscribe") await this.subscriptions.subscribe(connection, data);
    else if (event === "pusher:unsubscribe") await this.subscriptions.unsubscribe(connection, data);
    else if (event === "pusher:signin") this.signin(connection, data);
    else if (event.startsWith("client-")) await this.subscriptions.clientEvent(connection, event, message.channel);
  }

  private signin(connection: Connection, data: unknown): void {
    const result = this.subscriptions.verifySignin(connection, data);
    if (!result) {
      sendError(connection, realtimeCloseCodes.unauthorizedConnection, "Invalid signature");
      connection.socket.close(realtimeCloseCodes.unauthorizedConnection, "Invalid signature");
      return;
    }
    connection.userId = result.userId;
    sendFrame(connection, { event: "pusher:signin_success", data: { user_data: result.userData } });
  }

  private checkLiveness(activityMs: number, pongTimeoutMs: number): void {
    const now = Date.now();
    for (const connection of this.connections.values()) {
      if (connection.awaitingPongSince !== undefined) {
        if (now - connection.awaitingPongSince >= pongTimeoutMs) {
          connection.socket.close(realtimeCloseCodes.pongNotReceived, "Pong reply not received");
        }
      } else if (now - connection.lastSeenAt >= activityMs) {
        connection.awaitingPongSince = now;
        sendFrame(connection, { event: "pusher:ping", data: {} });
      }
    }
  }

  /**
   * Closes every connection with 4200 (pusher-js reconnects at once), spread over
   * `staggerMs` so clients do not all reconnect to the remaining processes in the same instant.
   */
  async close(staggerMs = 2_000): Promise<void> {
    this.closing = true;
    for (const timer of this.timers) clearInterval(timer);
    const closes = [...this.connections.values()].map(
      (connection) =>
        new Promise<void>((resolve) => {
          const delay = staggerMs > 0 ? randomInt(0, staggerMs) : 0;
          setTimeout(() => {
            connection.socket.once("close", () => resolve());
            connection.socket.close(realtimeCloseCodes.serverShuttingDown, "Server shutting down");
            setTimeout(() => {
              connection.socket.terminate();
              resolve();
            }, 1_000).unref();
          }, delay);
        }),
    );
    await Promise.all(closes);
    await this.subscriptions.leaveEverything().catch(() => {});
    await this.directory.refresh(new Map()).catch(() => {});
    await this.bus.close();
    this.wss.close();
  }
}

function safeParse(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
