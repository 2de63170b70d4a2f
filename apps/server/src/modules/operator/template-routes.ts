import {
  ZOperatorTemplateRequestSchema,
  ZOperatorTemplateResponseSchema,
  ZOperatorTemplatesQuerySchema,
  ZOperatorTemplatesResponseSchema,
} from "@velvet/shared/api/operator";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf } from "../auth/authenticate";
import { operatorPolicy } from "./policy";
import { createTemplate, deleteTemplate, listTemplates, updateTemplate } from "./templates-service";

const ZDoneResponse = z.object({ data: z.object({ done: z.boolean() }) });

/** Canned replies and first-contact templates: operators read them, admins write them. */
export async function templateRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ["operator"], security: [{ siteKey: [], bearer: [] }] };
  const adminOnly = operatorPolicy.adminGuard(context);
  const templateParams = z.object({ id: z.coerce.number().int().positive() });

  api.get(
    "/api/operator/templates",
    {
      onRequest: operatorPolicy.staffGuard(context),
      schema: {
        ...schema,
        summary: "Templates with short codes; with `profile`, those for any profile and that profile's own",
        querystring: ZOperatorTemplatesQuerySchema,
        response: { 200: ZOperatorTemplatesResponseSchema },
      },
    },
    async (request) => ({ data: await listTemplates(context, request.query.profile) }),
  );

  api.post(
    "/api/operator/templates",
    {
      onRequest: adminOnly,
      schema: {
        ...schema,
        summary: "Create a template (admins)",
        body: ZOperatorTemplateRequestSchema,
        response: { 201: ZOperatorTemplateResponseSchema },
      },
    },
    async (request, reply) => {
      const template = await createTemplate(context, authOf(request).user, request.body, request.ip);
      return reply.status(201).send({ data: template });
    },
  );

  api.put(
    "/api/operator/templates/:id",
    {
      onRequest: adminOnly,
      schema: {
        ...schema,
        summary: "Change a template (admins)",
        params: templateParams,
        body: ZOperatorTemplateRequestSchema,
        response: { 200: ZOperatorTemplateResponseSchema },
      },
    },
    async (request) => ({
      data: await updateTemplate(context, authOf(request).user, request.params.id, request.body, request.ip),
    }),
  );

  api.delete(
    "/api/operator/templates/:id",
    {
      onRequest: adminOnly,
      schema: {
        ...schema,
        summary: "Delete a template (admins)",
        params: templateParams,
        response: { 200: ZDoneResponse },
      },
    },
    async (request) => {
      await deleteTemplate(context, authOf(request).user, request.params.id, request.ip);
      return { data: { done: true } };
    },
  );
}
