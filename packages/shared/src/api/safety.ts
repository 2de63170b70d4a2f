import { z } from "../validation/z";
import { resourceResponse } from "./envelope";

/** One member the caller blocked, newest block first (Account settings → Blocked members). */
export const ZBlockedMemberSchema = z.object({
  uuid: z.uuid(),
  username: z.string(),
  /** Their approved main photo's thumbnail, or the default avatar. */
  photo_url: z.string(),
  blocked_at: z.string(),
});
export type TBlockedMember = z.infer<typeof ZBlockedMemberSchema>;

/** The cursor list convention of /my-favorites: `?cursor=` from the previous page's `meta.next_cursor`. */
export const ZBlockedMembersResponseSchema = z.object({
  data: z.array(ZBlockedMemberSchema),
  meta: z.object({ next_cursor: z.string().nullable(), per_page: z.number().int() }),
});

/** A signed-in device (a session of the member's own sign-ins; an operator's session as the member is never one). */
export const ZDeviceSessionSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session this request came from: "This device". */
  current: z.boolean(),
});
export type TDeviceSession = z.infer<typeof ZDeviceSessionSchema>;

export const ZDeviceSessionsResponseSchema = z.object({ data: z.array(ZDeviceSessionSchema) });
export const ZSignedOutResponseSchema = resourceResponse(z.object({ signed_out: z.number().int() }));
