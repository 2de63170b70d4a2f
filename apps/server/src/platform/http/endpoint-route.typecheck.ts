/**
 * Compiled by `npm run typecheck`, never run: proves a handler cannot drift from its endpoint's
 * contract. Each `@ts-expect-error` marks a line that must not compile; if the typing ever loosens
 * (say the reply becomes `any`), the directive is unused and the typecheck fails instead.
 */
import { supportEndpoints } from "@velvet/shared/contract/support";
import type { FastifyInstance } from "fastify";
import { routeEndpoint } from "./endpoint-route";

const ticket = { uuid: "00000000-0000-4000-8000-000000000000", status: "open", created_at: "2026-01-01" } as const;

export function contractFixtures(app: FastifyInstance): void {
  // The reply as the contract has it compiles.
  routeEndpoint(app, supportEndpoints.createTicket, {}, async (_request, reply) =>
    reply.status(201).send({ data: ticket }),
  );

  // A field renamed on the server only (created_at → createdAt) does not.
  routeEndpoint(app, supportEndpoints.createTicket, {}, async (_request, reply) =>
    // @ts-expect-error createdAt is not in the contract; created_at is missing
    reply.status(201).send({ data: { uuid: ticket.uuid, status: "open", createdAt: ticket.created_at } }),
  );

  // Nor does a returned value of the wrong shape, or reading a body field the contract does not have.
  // @ts-expect-error the handler's answer lacks created_at
  routeEndpoint(app, supportEndpoints.createTicket, {}, async () => ({ data: { uuid: ticket.uuid, status: "open" } }));
  routeEndpoint(app, supportEndpoints.createTicket, {}, async (request, reply) => {
    // @ts-expect-error the request body has `subject`, not `title`
    void request.body.title;
    return reply.status(201).send({ data: ticket });
  });
}
