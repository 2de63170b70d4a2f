import {
  ZMemberNoteRequestSchema,
  ZMemberNoteResponseSchema,
  ZMemberNotesResponseSchema,
} from "@velvet/shared/api/operator";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf } from "../auth/authenticate";
import { addNote, deleteNote, notesOfMember, updateNote } from "./notes-service";
import { operatorPolicy } from "./policy";

const ZDoneResponse = z.object({ data: z.object({ done: z.boolean() }) });

/** Notes about members, shared by every operator. */
export async function noteRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = operatorPolicy.staffGuard(context);
  const schema = { tags: ["operator"], security: [{ siteKey: [], bearer: [] }] };
  const memberParams = z.object({ uuid: z.uuid() });
  const noteParams = z.object({ id: z.coerce.number().int().positive() });

  api.get(
    "/api/operator/members/:uuid/notes",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "Notes about a member, by category",
        params: memberParams,
        response: { 200: ZMemberNotesResponseSchema },
      },
    },
    async (request) => ({ data: await notesOfMember(context, request.params.uuid) }),
  );

  api.post(
    "/api/operator/members/:uuid/notes",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "Add a note about a member",
        params: memberParams,
        body: ZMemberNoteRequestSchema,
        response: { 201: ZMemberNoteResponseSchema },
      },
    },
    async (request, reply) => {
      const note = await addNote(context, authOf(request).user, request.params.uuid, request.body, request.ip);
      return reply.status(201).send({ data: note });
    },
  );

  api.put(
    "/api/operator/notes/:id",
    {
      onRequest: staffOnly,
      schema: {
        ...schema,
        summary: "Correct a note",
        params: noteParams,
        body: ZMemberNoteRequestSchema,
        response: { 200: ZMemberNoteResponseSchema },
      },
    },
    async (request) => ({
      data: await updateNote(context, authOf(request).user, request.params.id, request.body, request.ip),
    }),
  );

  api.delete(
    "/api/operator/notes/:id",
    {
      onRequest: staffOnly,
      schema: { ...schema, summary: "Remove a note", params: noteParams, response: { 200: ZDoneResponse } },
    },
    async (request) => {
      await deleteNote(context, authOf(request).user, request.params.id, request.ip);
      return { data: { done: true } };
    },
  );
}
