// A process full of WebSocket clients (its own process, so its memory and CPU are
// not counted against the server). Driven by the parent over IPC.
//   connect {url, count, channel, protocol: "pusher" | "baseline"}  -> {connected}
//   latency {}                                                      -> starts recording
//   report {}                                                       -> {latencies: per message id, max over recipients}
import WebSocket from "ws";

const sockets = [];
const arrivals = new Map();
let recording = false;

function now() {
  return performance.timeOrigin + performance.now();
}

function open(url, channel, protocol) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.on("error", reject);
    socket.on("message", (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.event === "pusher:connection_established" || frame.event === "connected") {
        socket.send(
          JSON.stringify(
            protocol === "pusher" ? { event: "pusher:subscribe", data: { channel } } : { subscribe: channel },
          ),
        );
        return;
      }
      if (frame.event === "pusher_internal:subscription_succeeded" || frame.event === "subscribed") {
        resolve(socket);
        return;
      }
      if (!recording) return;
      const payload = typeof frame.data === "string" ? JSON.parse(frame.data) : frame.data;
      if (typeof payload?.sentAt !== "number") return;
      const latency = now() - payload.sentAt;
      arrivals.set(payload.id, Math.max(arrivals.get(payload.id) ?? 0, latency));
    });
  });
}

process.on("message", async (command) => {
  try {
    if (command.type === "connect") {
      for (let start = 0; start < command.count; start += 200) {
        const batch = Math.min(200, command.count - start);
        const opened = await Promise.all(
          Array.from({ length: batch }, () => open(command.url, command.channel, command.protocol)),
        );
        sockets.push(...opened);
      }
      process.send({ type: "connected", total: sockets.length });
    } else if (command.type === "record") {
      arrivals.clear();
      recording = true;
      process.send({ type: "recording" });
    } else if (command.type === "report") {
      recording = false;
      process.send({ type: "report", latencies: [...arrivals.entries()] });
    } else if (command.type === "close") {
      for (const socket of sockets) socket.terminate();
      sockets.length = 0;
      process.send({ type: "closed" });
    }
  } catch (error) {
    process.send({ type: "error", message: String(error) });
  }
});
