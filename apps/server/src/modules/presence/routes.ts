import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import type { RealtimeServer } from "../realtime/server";
import { countOnline } from "./online-count";

export async function presenceRoutes(
  app: FastifyInstance,
  context: AppContext,
  realtime: RealtimeServer,
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/onlines/count",
    {
      schema: {
        tags: ["presence"],
        summary: "How many members are online now (the navbar refreshes it every 5 minutes)",
        response: { 200: z.object({ data: z.object({ online: z.number().int() }) }) },
      },
    },
    async () => ({ data: { online: await countOnline(context, () => realtime.directory.counts()) } }),
  );
}
