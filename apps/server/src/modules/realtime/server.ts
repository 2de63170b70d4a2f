import { randomInt } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { pusherProtocolVersion, realtimeCloseCodes } from "@velvet/shared/realtime/events";
import { WebSocket, WebSocketServer } from "ws";
import type { Logger } from "../../platform/logging/logger";

/** Seconds of silence after which we ping a client (pusher-js uses the smaller of this and its own). */
const ACTIVITY_TIMEOUT_SECONDS = 120;
const PONG_TIMEOUT_MS = 30_000;
const MAX_FRAME_BYTES = 64 * 1024;

export interface RealtimeOptions {
  appKey: string;
  allowedOrigins: string[];
  logger: Logger;
  activityTimeoutSeconds?: number;
  pongTimeoutMs?: number;
}

interface Connection {
  socket: WebSocket;
  socketId: string;
  lastSeenAt: number;
  awaitingPongSince: number | undefined;
}

/**
 * The Pusher Channels protocol 7 endpoint at /app/{key}, on the app's own HTTP server,
 * so the standard pusher-js client connects unchanged. This holds the connection
 * lifecycle (handshake, heartbeat, graceful close); channels build on it.
 */
export class RealtimeServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  private readonly connections = new Set<Connection>();
  /** A per-process prefix keeps socket ids unique across every process sharing the channels. */
  private readonly processPrefix = randomInt(1, 2_147_483_647);
  private nextSocketNumber = 1;
  private heartbeat: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(private readonly options: RealtimeOptions) {}

  get connectionCount(): number {
    return this.connections.size;
  }

  attach(server: Server): void {
    server.on("upgrade", (request, socket, head) => this.handleUpgrade(request, socket, head));
    const activityMs = (this.options.activityTimeoutSeconds ?? ACTIVITY_TIMEOUT_SECONDS) * 1000;
    const pongTimeoutMs = this.options.pongTimeoutMs ?? PONG_TIMEOUT_MS;
    this.heartbeat = setInterval(
      () => this.checkLiveness(activityMs, pongTimeoutMs),
      Math.min(activityMs, pongTimeoutMs) / 2,
    );
    this.heartbeat.unref();
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
    this.wss.handleUpgrade(request, socket, head, (ws) => {
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
    const connection: Connection = {
      socket,
      socketId: `${this.processPrefix}.${this.nextSocketNumber++}`,
      lastSeenAt: Date.now(),
      awaitingPongSince: undefined,
    };
    this.connections.add(connection);
    socket.on("message", (raw) => this.handleMessage(connection, raw.toString()));
    socket.on("close", () => this.connections.delete(connection));
    socket.on("error", () => socket.terminate());
    this.send(connection, "pusher:connection_established", {
      socket_id: connection.socketId,
      activity_timeout: this.options.activityTimeoutSeconds ?? ACTIVITY_TIMEOUT_SECONDS,
    });
  }

  private handleMessage(connection: Connection, raw: string): void {
    connection.lastSeenAt = Date.now();
    connection.awaitingPongSince = undefined;
    let message: { event?: unknown };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (message.event === "pusher:ping") this.send(connection, "pusher:pong", {});
  }

  private send(connection: Connection, event: string, data: unknown): void {
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    // Protocol 7 carries `data` as a JSON-encoded string.
    connection.socket.send(JSON.stringify({ event, data: JSON.stringify(data) }));
  }

  private checkLiveness(activityMs: number, pongTimeoutMs: number): void {
    const now = Date.now();
    for (const connection of this.connections) {
      if (connection.awaitingPongSince !== undefined) {
        if (now - connection.awaitingPongSince >= pongTimeoutMs) {
          connection.socket.close(realtimeCloseCodes.pongNotReceived, "Pong reply not received");
        }
      } else if (now - connection.lastSeenAt >= activityMs) {
        connection.awaitingPongSince = now;
        this.send(connection, "pusher:ping", {});
      }
    }
  }

  /**
   * Closes every connection with 4200 (pusher-js reconnects at once), spread over
   * `staggerMs` so clients do not all reconnect to the remaining processes in the same instant.
   */
  async close(staggerMs = 2_000): Promise<void> {
    this.closing = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    const closes = [...this.connections].map(
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
    this.wss.close();
  }
}
