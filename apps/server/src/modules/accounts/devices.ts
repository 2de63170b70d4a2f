import type { TDeviceSession } from "@velvet/shared/api/safety";
import { realtimeCloseCodes } from "@velvet/shared/realtime/events";
import type { AppContext } from "../../platform/app-context";
import { AppError } from "../../platform/http/app-error";
import { accountPolicy } from "../../platform/members/account-policy";
import type { Authenticated } from "../../platform/members/types";
import { endDeviceSession, endOtherDeviceSessions, listDeviceSessions } from "../sessions";

/**
 * Account settings → Devices. An operator acting as the member gets 403: the
 * member's devices and addresses are theirs, and ending them is the member's
 * own decision, as with the password.
 */
export async function listDevices(context: AppContext, auth: Authenticated): Promise<TDeviceSession[]> {
  accountPolicy.assertNotImpersonating(auth);
  const rows = await listDeviceSessions(context.database.db, auth.user.id);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    ip: row.ip,
    user_agent: row.userAgent,
    current: row.id === auth.session.id,
  }));
}

/**
 * Signs one device out: its session ends, so its refresh token and any access
 * token it holds stop working on the next request, and its real-time
 * connection closes with 4010 on whichever process holds it. Another member's
 * session, or one already ended, is a 404: its existence is not ours to confirm.
 */
export async function signOutDevice(context: AppContext, auth: Authenticated, sessionId: string): Promise<number> {
  accountPolicy.assertNotImpersonating(auth);
  const ended = await endDeviceSession(context.database.db, auth.user.id, sessionId);
  if (!ended) throw new AppError("not_found");
  await context.memberConnections.close({ memberUuid: auth.user.uuid, sessionId }, realtimeCloseCodes.sessionEnded);
  return 1;
}

/** "Sign out everywhere else": every device of the member but this one. */
export async function signOutOtherDevices(context: AppContext, auth: Authenticated): Promise<number> {
  accountPolicy.assertNotImpersonating(auth);
  const ended = await endOtherDeviceSessions(context.database.db, auth.user.id, auth.session.id);
  await Promise.all(
    ended.map((sessionId) =>
      context.memberConnections.close({ memberUuid: auth.user.uuid, sessionId }, realtimeCloseCodes.sessionEnded),
    ),
  );
  return ended.length;
}
