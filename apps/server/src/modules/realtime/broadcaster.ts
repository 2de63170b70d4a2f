import type Pusher from "pusher";
import type { AppConfig } from "../../platform/config";
import type { RealtimeServer } from "./server";

/** Where published events go: this process's embedded server, or an external Pusher-compatible service. */
export interface Broadcaster {
  publish(channel: string, event: string, data: string): Promise<void>;
}

export class EmbeddedBroadcaster implements Broadcaster {
  constructor(private readonly realtime: RealtimeServer) {}
  publish(channel: string, event: string, data: string): Promise<void> {
    return this.realtime.publish(channel, event, data);
  }
}

/**
 * BROADCAST_DRIVER=pusher: the official `pusher` library, so a site that
 * outgrows the embedded server moves to a hosted service or cluster by configuration.
 */
export class PusherBroadcaster implements Broadcaster {
  private readonly client: Pusher;
  constructor(config: AppConfig, PusherLibrary: typeof Pusher) {
    const { pusher } = config;
    this.client = new PusherLibrary({
      appId: pusher.appId,
      key: pusher.key,
      secret: pusher.secret,
      cluster: pusher.cluster,
      useTLS: pusher.useTLS,
      ...(pusher.host ? { host: pusher.host } : {}),
      ...(pusher.port ? { port: String(pusher.port) } : {}),
      ...(pusher.encryptionMasterKey ? { encryptionMasterKeyBase64: pusher.encryptionMasterKey } : {}),
    });
  }
  async publish(channel: string, event: string, data: string): Promise<void> {
    await this.client.trigger(channel, event, data);
  }
}

export async function createBroadcaster(config: AppConfig, realtime: RealtimeServer): Promise<Broadcaster> {
  if (config.pusher.driver !== "pusher") return new EmbeddedBroadcaster(realtime);
  // The library is loaded only for this driver.
  const { default: PusherLibrary } = await import("pusher");
  return new PusherBroadcaster(config, PusherLibrary);
}
