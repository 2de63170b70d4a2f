import type { AppContext } from "../../platform/app-context";
import type { UserRow } from "../auth/session-service";

/**
 * Which private and presence channels a member may join. Their own per-user
 * channels always; other channels through rules features register at import
 * time (conversations register theirs), each asked with the request's context.
 */
export type ChannelRule = (context: AppContext, user: UserRow, match: RegExpExecArray) => Promise<boolean>;

const ownUserChannel = /^private-(notifications|credits|duration)\.user\.([0-9a-f-]{36})$/;

const rules: Array<{ pattern: RegExp; allow: ChannelRule }> = [
  { pattern: ownUserChannel, allow: async (_context, user, match) => match[2] === user.uuid },
];

export function registerChannelRule(pattern: RegExp, allow: ChannelRule): void {
  if (rules.some((rule) => rule.pattern.source === pattern.source)) return;
  rules.push({ pattern, allow });
}

export async function mayJoinChannel(context: AppContext, user: UserRow, channel: string): Promise<boolean> {
  for (const rule of rules) {
    const match = rule.pattern.exec(channel);
    if (match) return rule.allow(context, user, match);
  }
  return false;
}
