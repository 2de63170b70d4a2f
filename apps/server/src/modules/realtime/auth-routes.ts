import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { authOf, requireAuth } from "../auth/authenticate";
import { channelKind, isValidChannelName } from "./channels";
import { mayJoinChannel } from "./policy";
import { channelAuth, encryptedChannelSecret, userAuth } from "./signatures";

const ZSocketId = z.string().regex(/^\d+\.\d+$/, { error: "The socket id field format is invalid" });
const ZChannelAuthRequestSchema = z.object({ socket_id: ZSocketId, channel_name: z.string().min(1).max(164) });
const ZChannelAuthResponseSchema = z.object({
  auth: z.string(),
  channel_data: z.string().optional(),
  shared_secret: z.string().optional(),
});
const ZUserAuthRequestSchema = z.object({ socket_id: ZSocketId });
const ZUserAuthResponseSchema = z.object({ auth: z.string(), user_data: z.string() });

/**
 * The endpoints pusher-js calls itself (form-encoded, or JSON): channel
 * authorization and user sign-in. They answer the bare JSON pusher-js reads,
 * and need the member's bearer token but no site key.
 */
export async function realtimeAuthRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { pusher } = context.config;
  const signedIn = requireAuth(context);

  const authorizeChannel = async (request: FastifyRequest, body: z.infer<typeof ZChannelAuthRequestSchema>) => {
    const { user } = authOf(request);
    const channel = body.channel_name;
    const kind = channelKind(channel);
    if (!isValidChannelName(channel) || kind === "public" || kind === "server-to-user") throw new AppError("forbidden");
    if (!(await mayJoinChannel(context, user, channel))) throw new AppError("forbidden");
    if (kind === "presence") {
      const channelData = JSON.stringify({ user_id: user.uuid, user_info: { username: user.username } });
      return {
        auth: channelAuth(pusher.key, pusher.secret, body.socket_id, channel, channelData),
        channel_data: channelData,
      };
    }
    const auth = channelAuth(pusher.key, pusher.secret, body.socket_id, channel);
    if (kind === "encrypted") {
      if (!pusher.encryptionMasterKey) throw new AppError("forbidden", "Encrypted channels are not enabled.");
      return {
        auth,
        shared_secret: encryptedChannelSecret(channel, Buffer.from(pusher.encryptionMasterKey, "base64")),
      };
    }
    return { auth };
  };

  const channelRoute = {
    onRequest: signedIn,
    // pusher-js posts form-encoded unless told otherwise (spec §7).
    config: { siteKeyExempt: true, formBody: true },
    schema: {
      tags: ["realtime"],
      summary: "Authorize a private, presence or encrypted channel subscription (pusher-js)",
      security: [{ bearer: [] }],
      body: ZChannelAuthRequestSchema,
      response: { 200: ZChannelAuthResponseSchema },
    },
  };
  api.post("/api/broadcasting/auth", channelRoute, async (request) => authorizeChannel(request, request.body));
  api.post("/api/pusher/auth", channelRoute, async (request) => authorizeChannel(request, request.body));

  api.post(
    "/api/pusher/user-auth",
    {
      onRequest: signedIn,
      config: { siteKeyExempt: true, formBody: true },
      schema: {
        tags: ["realtime"],
        summary: "Sign a real-time connection in as the member (pusher-js user authentication)",
        security: [{ bearer: [] }],
        body: ZUserAuthRequestSchema,
        response: { 200: ZUserAuthResponseSchema },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const userData = JSON.stringify({ id: user.uuid, user_info: { username: user.username } });
      return { auth: userAuth(pusher.key, pusher.secret, request.body.socket_id, userData), user_data: userData };
    },
  );
}
