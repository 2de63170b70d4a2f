// The baseline: the simplest broadcast server one could write on `ws`. Clients send
// {"subscribe": "<channel>"}; POST /publish {channel, data} fans the data out.
// It does no auth, no protocol and no presence, so it is the floor to compare against.
import { createServer } from "node:http";
import { WebSocketServer } from "ws";

const channels = new Map();
const server = createServer((request, response) => {
  if (request.method === "POST" && request.url === "/publish") {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const { channel, data } = JSON.parse(body);
      const frame = JSON.stringify({ event: "message", channel, data });
      for (const socket of channels.get(channel) ?? []) socket.send(frame);
      response.end("{}");
    });
    return;
  }
  response.statusCode = 404;
  response.end();
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on("connection", (socket) => {
  const joined = new Set();
  socket.send(JSON.stringify({ event: "connected" }));
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString());
    if (message.subscribe) {
      const set = channels.get(message.subscribe) ?? new Set();
      set.add(socket);
      channels.set(message.subscribe, set);
      joined.add(message.subscribe);
      socket.send(JSON.stringify({ event: "subscribed", channel: message.subscribe }));
    }
  });
  socket.on("close", () => {
    for (const channel of joined) channels.get(channel)?.delete(socket);
  });
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.send?.({ ready: server.address().port });
});
