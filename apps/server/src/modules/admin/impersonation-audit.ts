import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { writeAudit } from "../../platform/audit/audit-log";
import { redactUrl } from "../../platform/logging/logger";

/** Every request an operator makes while acting as a member is written to the audit log. */
export function auditImpersonatedRequests(app: FastifyInstance, context: AppContext): void {
  app.addHook("onResponse", async (request, reply) => {
    const auth = request.auth;
    if (!auth?.session.impersonatorId) return;
    await writeAudit(context.database.db, {
      actorId: auth.session.impersonatorId,
      action: "impersonation.request",
      targetUserId: auth.user.id,
      metadata: { method: request.method, url: redactUrl(request.url), status: reply.statusCode },
      ip: request.ip,
    }).catch((error: unknown) => request.log.error({ err: error }, "audit write failed"));
  });
}
