import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { authOf, requireAuth } from "../sessions";
import { channelKind, isValidChannelName } from "./channels";
import { mayJoinChannel, realtimePolicy } from "./policy";
import type { RealtimeServer } from "./server";
import { channelAuth, encryptedChannelSecret, userAuth } from "./signatures";

const ZSocketId = z.string().regex(/^\d+\.\d+$/, { error: "The socket id field format is invalid" });
// Any string: a malformed name is the channel rules' to refuse (403), not a validation error.
const ZChannelAuthRequestSchema = z.object({ socket_id: ZSocketId, channel_name: z.string() });
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
export async function realtimeAuthRoutes(
  app: FastifyInstance,
  context: AppContext,
  realtime: RealtimeServer,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { pusher } = context.config;
  const signedIn = requireAuth(context);

  /**
   * Signs for a socket only when it is open right now and this member holds it
   * (the first member to ask binds it), and only for a member in good standing.
   * The socket is the session's from then on: signing out or a ban closes it wherever it is held.
   */
  const assertMaySign = async (request: FastifyRequest, socketId: string) => {
    const { user, session } = authOf(request);
    if (!realtimePolicy.mayConnect(user)) throw new AppError("forbidden");
    // With a hosted Pusher service (BROADCAST_DRIVER=pusher) the sockets live there, not here: we cannot know
    // them, so the account checks are all we can do (docs/realtime.md).
    if (pusher.driver === "pusher") return;
    if (!(await realtime.sockets.claim(socketId, user.uuid))) throw new AppError("forbidden");
    await realtime.claimSocket(socketId, { memberUuid: user.uuid, sessionId: session.id, username: user.username });
  };

  const authorizeChannel = async (request: FastifyRequest, body: z.infer<typeof ZChannelAuthRequestSchema>) => {
    const caller = authOf(request);
    const { user } = caller;
    const channel = body.channel_name;
    if (!isValidChannelName(channel)) throw new AppError("forbidden");
    const kind = channelKind(channel);
    if (kind === "public" || kind === "server-to-user") throw new AppError("forbidden");
    if (!(await mayJoinChannel(context, caller, channel))) throw new AppError("forbidden");
    await assertMaySign(request, body.socket_id);
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
      await assertMaySign(request, request.body.socket_id);
      const userData = JSON.stringify({ id: user.uuid, user_info: { username: user.username } });
      return { auth: userAuth(pusher.key, pusher.secret, request.body.socket_id, userData), user_data: userData };
    },
  );
}
