import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestServer } from "./test/support";

describe("graceful shutdown", () => {
  it("finishes requests in flight, closes real-time sockets with 4200, then refuses new work", async () => {
    let release: () => void = () => {};
    const server = await startTestServer(
      {},
      {
        beforeListen: (app) => {
          app.get("/api/test-slow", { config: { siteKeyExempt: true }, schema: { hide: true } }, async () => {
            await new Promise<void>((resolve) => {
              release = resolve;
            });
            return { data: { finished: true } };
          });
        },
      },
    );
    const socket = new WebSocket(`${server.url.replace("http", "ws")}/app/velvet-key?protocol=7`);
    await new Promise((resolve) => socket.once("message", resolve));
    const socketClosed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));

    const inFlight = fetch(`${server.url}/api/test-slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { finished: true } });
    expect(await socketClosed).toBe(4200);
    await stopping;
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
