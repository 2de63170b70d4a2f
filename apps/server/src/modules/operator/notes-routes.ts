import { operatorEndpoints } from "@velvet/shared/contract/operator";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { authOf } from "../sessions";
import { addNote, deleteNote, notesOfMember, updateNote } from "./notes-service";
import { operatorPolicy } from "./policy";

/** Notes about members, shared by every operator. */
export async function noteRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const staffOnly = operatorPolicy.staffGuard(context);

  routeEndpoint(app, operatorEndpoints.notes, { onRequest: staffOnly }, async (request) => ({
    data: await notesOfMember(context, request.params.uuid),
  }));

  routeEndpoint(app, operatorEndpoints.addNote, { onRequest: staffOnly }, async (request, reply) => {
    const note = await addNote(context, authOf(request).user, request.params.uuid, request.body, request.ip);
    return reply.status(201).send({ data: note });
  });

  routeEndpoint(app, operatorEndpoints.updateNote, { onRequest: staffOnly }, async (request) => ({
    data: await updateNote(context, authOf(request).user, request.params.id, request.body, request.ip),
  }));

  routeEndpoint(app, operatorEndpoints.deleteNote, { onRequest: staffOnly }, async (request) => {
    await deleteNote(context, authOf(request).user, request.params.id, request.ip);
    return { data: { done: true } };
  });
}
