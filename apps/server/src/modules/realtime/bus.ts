import type { Redis } from "ioredis";

/**
 * What processes tell each other: an event to deliver to a channel's local
 * subscribers, a presence channel whose membership changed, a user (or one of
 * their sessions) whose connections must be closed, who authorised a socket
 * held by another process, or a member whose sockets must leave a channel.
 * Without Redis the bus is this process alone.
 */
export type BusMessage = BusPayload & { origin: string };

export type BusPayload =
  | {
      type: "event";
      channel: string;
      event: string;
      data: string;
      exceptSocketId?: string | undefined;
      userId?: string | undefined;
    }
  | { type: "presence"; channel: string }
  /** `code` absent (a process of the version before): 4009, as terminate_connections always closed. */
  | { type: "terminate"; userId: string; sessionId?: string | undefined; code?: number | undefined }
  /** `username` absent (a process of the version before): the socket's client events are not relayed. */
  | { type: "claim"; socketId: string; userId: string; sessionId: string; username?: string | undefined }
  | { type: "leave"; userId: string; channel: string };

export interface RealtimeBus {
  publish(message: BusMessage): Promise<void>;
  onMessage(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

/** A single process has no one to tell: the server already acted on the message locally. */
export class LocalBus implements RealtimeBus {
  async publish() {}
  onMessage() {}
  async close() {}
}

/**
 * Redis pub/sub. The sender acts on its own sockets directly (so a Redis outage
 * never stops local delivery) and ignores its own messages when they come back.
 */
export class RedisBus implements RealtimeBus {
  private readonly subscriber: Redis;
  private readonly topic: string;
  private handler: (message: BusMessage) => void = () => {};

  constructor(
    private readonly publisher: Redis,
    prefix: string,
    private readonly processId: string,
  ) {
    this.topic = `${prefix}rt:bus`;
    this.subscriber = publisher.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber.on("error", () => {});
    this.subscriber.on("message", (_topic: string, raw: string) => {
      try {
        const message = JSON.parse(raw) as BusMessage;
        if (message.origin !== this.processId) this.handler(message);
      } catch {
        // A malformed message from another process is dropped rather than crashing this one.
      }
    });
  }

  async start() {
    await this.subscriber.subscribe(this.topic);
  }

  async publish(message: BusMessage) {
    await this.publisher.publish(this.topic, JSON.stringify(message));
  }

  onMessage(handler: (message: BusMessage) => void) {
    this.handler = handler;
  }

  async close() {
    await this.subscriber.quit().catch(() => {});
  }
}
