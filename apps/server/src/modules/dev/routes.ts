import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { capturedMailbox } from "../../platform/mail/mailer";
import { renderMailbox, renderMessage } from "./mailbox-page";

/**
 * Development-only tools. Never registered in production (the config refuses
 * production without SMTP anyway, so there is nothing captured to show).
 */
export async function devRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config } = context;
  // Without SMTP_URL the jobs queue's mailer writes each mail under DATA_DIR/mail: these pages show them.
  if (!config.developmentFeatures || config.mail.smtpUrl) return;
  const mailer = capturedMailbox(config.dataDir, config.mail.from);

  // These pages carry their own small stylesheet; nothing else may load or run on them.
  const pageCsp = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

  app.get("/dev/mail", { schema: { hide: true } }, async (_request, reply) => {
    const messages = await mailer.list();
    return reply
      .header("Content-Security-Policy", pageCsp)
      .type("text/html; charset=utf-8")
      .send(renderMailbox(messages));
  });

  app.get<{ Params: { id: string } }>("/dev/mail/:id", { schema: { hide: true } }, async (request, reply) => {
    const message = await mailer.read(request.params.id);
    if (!message) throw new AppError("not_found");
    return reply
      .header("Content-Security-Policy", pageCsp)
      .type("text/html; charset=utf-8")
      .send(renderMessage(message));
  });

  app.get<{ Params: { id: string } }>("/dev/mail/:id.json", { schema: { hide: true } }, async (request) => {
    const message = await mailer.read(request.params.id);
    if (!message) throw new AppError("not_found");
    return message;
  });
}
