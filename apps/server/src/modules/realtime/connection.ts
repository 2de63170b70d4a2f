import { randomInt } from "node:crypto";
import { WebSocket } from "ws";
import type { PresenceMember } from "./presence-store";

/** One browser tab's socket and what it has joined. */
export interface Connection {
  socket: WebSocket;
  socketId: string;
  lastSeenAt: number;
  awaitingPongSince: number | undefined;
  /** Set by pusher:signin. */
  userId: string | undefined;
  /**
   * Who authorised channels on this socket through /api/broadcasting/auth: the member's uuid, and
   * `uuid/sessionId` for the session, so ending a member's or one session's connections finds it.
   */
  owners: Set<string>;
  /** The member the socket was first authorised for (the registry binds it to them): its client events speak as them. */
  member: { uuid: string; username: string } | undefined;
  /** Channel name -> the member this connection is, for presence channels. */
  channels: Map<string, PresenceMember | undefined>;
  /** Channels taken from this socket (a block): the signature it holds for them no longer subscribes it. */
  revokedChannels: Set<string>;
  /** When this socket's last client event was relayed. */
  lastClientEventAt: number;
}

export function newConnection(socket: WebSocket, socketId: string): Connection {
  return {
    socket,
    socketId,
    lastSeenAt: Date.now(),
    awaitingPongSince: undefined,
    userId: undefined,
    owners: new Set(),
    member: undefined,
    channels: new Map(),
    revokedChannels: new Set(),
    lastClientEventAt: Number.NEGATIVE_INFINITY,
  };
}

/**
 * Pusher's `digits.digits`, from two random 48-bit numbers: an id is what a channel signature is made for,
 * so a guessable one (a counter) let another member claim the next socket before its owner did.
 */
export function randomSocketId(): string {
  const part = () => randomInt(1, 2 ** 48);
  return `${part()}.${part()}`;
}

/** Protocol 7 frames carry `data` as a JSON-encoded string. */
export function sendFrame(
  connection: Connection,
  frame: { event: string; channel?: string; data: unknown; user_id?: string },
): void {
  if (connection.socket.readyState !== WebSocket.OPEN) return;
  const data = typeof frame.data === "string" ? frame.data : JSON.stringify(frame.data);
  connection.socket.send(JSON.stringify({ ...frame, data }));
}

export function sendError(connection: Connection, code: number | null, message: string): void {
  sendFrame(connection, { event: "pusher:error", data: { code, message } });
}

export function sendSubscriptionError(connection: Connection, channel: string, status: number, error: string): void {
  sendFrame(connection, { event: "pusher:subscription_error", channel, data: { type: "AuthError", error, status } });
}

/** The keys a connection's `owners` holds for a member, or for one of their sessions. */
export function ownerKey(memberUuid: string, sessionId?: string): string {
  return sessionId === undefined ? memberUuid : `${memberUuid}/${sessionId}`;
}
