import { z } from "../validation/z";
import { botCheckModes } from "./bot-check";
import { resourceResponse } from "./envelope";

const ZDependencyStatus = z.enum(["ok", "down", "not_configured"]);

export const ZHealthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: ZDependencyStatus,
  redis: ZDependencyStatus,
  maintenance: z.boolean(),
});
export type THealthResponse = z.infer<typeof ZHealthResponseSchema>;

/** The public client configuration (spec §7); the web app reads it at start so one build serves any deployment. */
export const ZClientConfigSchema = z.object({
  siteName: z.string(),
  /** The site's calendar (the 18+ rule is applied by this timezone's date). */
  siteTimezone: z.string(),
  supportEmail: z.string(),
  realtime: z.object({
    key: z.string(),
    wsHost: z.string(),
    wsPort: z.number().int(),
    forceTLS: z.boolean(),
    cluster: z.string(),
  }),
  captcha: z.object({ siteKey: z.string() }),
  /** `mode`: which check the guarded forms carry (BOT_CHECK); `siteKey`: the external bot-check provider's key. */
  botCheck: z.object({ mode: z.enum(botCheckModes), siteKey: z.string() }),
  maintenance: z.boolean(),
  apiUrl: z.string(),
  siteUrl: z.string(),
});
export type TClientConfig = z.infer<typeof ZClientConfigSchema>;
export const ZClientConfigResponseSchema = resourceResponse(ZClientConfigSchema);

/** How many members are online now (the navbar's count). */
export const ZOnlineCountResponseSchema = resourceResponse(z.object({ online: z.number().int() }));
