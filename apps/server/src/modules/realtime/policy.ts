import type { AppContext } from "../../platform/app-context";
import type { Authenticated, SessionUser } from "../../platform/members/types";

/**
 * Which private and presence channels a member may join. Their own per-user
 * channels always; other channels through rules features register at import
 * time (conversations register theirs), each asked with the request's context.
 */
export type ChannelRule = (context: AppContext, auth: Authenticated, match: RegExpExecArray) => Promise<boolean>;

/** A canonical lower-case UUID, exactly: a looser pattern let a 36-dash name reach a uuid column (a 500). */
export const UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const ownUserChannel = new RegExp(`^private-(notifications|credits|duration)\\.user\\.(${UUID_PATTERN})$`);

const rules: Array<{ pattern: RegExp; allow: ChannelRule }> = [
  {
    pattern: ownUserChannel,
    // Notifications carry the text of messages from real members: not live to an operator signed in as the member.
    allow: async (_context, auth, match) =>
      match[2] === auth.user.uuid && !(match[1] === "notifications" && auth.session.impersonatorId !== null),
  },
];

export const realtimePolicy = {
  /** A deactivated or suspended member gets no channel or connection signatures. */
  mayConnect(user: SessionUser): boolean {
    return !user.deactivatedAt && !user.suspendedAt && !user.deletedAt;
  },
};

export function registerChannelRule(pattern: RegExp, allow: ChannelRule): void {
  if (rules.some((rule) => rule.pattern.source === pattern.source)) return;
  rules.push({ pattern, allow });
}

export async function mayJoinChannel(context: AppContext, auth: Authenticated, channel: string): Promise<boolean> {
  for (const rule of rules) {
    const match = rule.pattern.exec(channel);
    if (match) return rule.allow(context, auth, match);
  }
  return false;
}
