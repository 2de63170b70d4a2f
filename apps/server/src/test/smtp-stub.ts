import { createServer, type Server, type Socket } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as the client sent it. */
  data: string;
}

export interface SmtpStub {
  url: string;
  /** Every message accepted so far, in order. */
  received: ReceivedMail[];
  /** Starts answering on the port (again, after `stop`). */
  start(): Promise<void>;
  /** Closes the port and drops open connections: to a client, the mail server is down. */
  stop(): Promise<void>;
  /** How many messages the stub holds unanswered right now (with `hold`). */
  held(): number;
  /** Accepts every held message and stops holding new ones. */
  release(): void;
}

/**
 * A real SMTP server on a local port, small enough to read: the commands nodemailer uses (EHLO, MAIL, RCPT,
 * DATA, RSET, NOOP, QUIT), no TLS, no authentication. Created stopped, so a test can name its URL while the
 * port is still closed; `delayMs` holds each message that long before accepting it, like a slow provider, and
 * `hold` holds every message until `release()`, like a provider that has stopped answering mid-conversation.
 */
export function createSmtpStub(port: number, options: { delayMs?: number; hold?: boolean } = {}): SmtpStub {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let holding = options.hold ?? false;
  const waitingForRelease = new Set<() => void>();

  const converse = (socket: Socket) => {
    sockets.add(socket);
    let clientLeft = false;
    socket.on("close", () => {
      clientLeft = true;
      sockets.delete(socket);
    });
    socket.on("error", () => socket.destroy());
    let buffer = "";
    let inData = false;
    let envelope: Omit<ReceivedMail, "data"> = { from: "", to: [] };
    // Replies leave in order, even while a message is being held for `delayMs`.
    let replies = Promise.resolve();
    const reply = (line: string, before?: () => Promise<void>) => {
      replies = replies.then(async () => {
        await before?.();
        if (!socket.destroyed) socket.write(`${line}\r\n`);
      });
    };
    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO") reply("250-stub.localhost\r\n250 8BITMIME");
      else if (verb === "HELO" || verb === "NOOP") reply("250 OK");
      else if (verb === "RSET") {
        envelope = { from: "", to: [] };
        reply("250 OK");
      } else if (verb === "MAIL") {
        envelope = { from: /<([^>]*)>/.exec(line)?.[1] ?? "", to: [] };
        reply("250 OK");
      } else if (verb === "RCPT") {
        envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
        reply("250 OK");
      } else if (verb === "DATA") {
        inData = true;
        reply("354 End data with <CR><LF>.<CR><LF>");
      } else if (verb === "QUIT") {
        reply("221 Bye");
        replies = replies.then(() => void socket.end());
      } else {
        // Anything else nodemailer might try (AUTH, STARTTLS) is refused, as by a server without those extensions.
        reply("502 Unsupported command");
      }
    };
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          const message = { ...envelope, data: buffer.slice(0, end) };
          buffer = buffer.slice(end + 5);
          inData = false;
          reply("250 OK queued", async () => {
            if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
            if (holding) await new Promise<void>((resolve) => waitingForRelease.add(resolve));
            // A server that has not yet said "250" when the client hangs up has not taken the message: the
            // client (its socket timed out) will send it again, and delivering this copy too would be a double.
            if (!clientLeft) received.push(message);
          });
          continue;
        }
        const end = buffer.indexOf("\r\n");
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        command(line);
      }
    });
    reply("220 stub.localhost ESMTP");
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    start: () =>
      new Promise((resolve, reject) => {
        const listening = createServer(converse);
        listening.once("error", reject);
        listening.listen(port, "127.0.0.1", () => {
          server = listening;
          resolve();
        });
      }),
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
    held: () => waitingForRelease.size,
    release: () => {
      holding = false;
      for (const resolve of waitingForRelease) resolve();
      waitingForRelease.clear();
    },
  };
}
