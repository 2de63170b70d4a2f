import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const TEST_BUCKET = "velvet-test";

export interface TestS3Server {
  endpoint: string;
  port: number;
  directory: string;
  /** The STORAGE_DRIVER=s3 settings of a server process using this store. */
  env: Record<string, string>;
  /** Stops answering (an outage); `start()` brings it back on the same port with the same objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and deletes its objects. */
  destroy(): Promise<void>;
}

/** A local S3-compatible server (s3rver) with one bucket, for tests: nothing leaves the machine. */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "velvet-s3-"));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
    });
    const address = (await server.run()) as AddressInfo;
    port = address.port;
  };
  const stop = async () => {
    const http = (server as unknown as { httpServer?: Server } | undefined)?.httpServer;
    // The SDK keeps connections alive: cut them, as an outage would, or close() waits for them.
    http?.closeAllConnections();
    await server?.close();
    server = undefined;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    directory,
    env: {
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: TEST_BUCKET,
      // s3rver's own account: it refuses any other access key.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    stop,
    start,
    destroy: async () => {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
