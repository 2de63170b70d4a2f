import type { UserRow } from "../auth/session-service";

/**
 * Which private and presence channels a member may join. Their own per-user
 * channels always; conversation channels through the rule the conversations
 * feature registers (until it does, there are no conversations to join).
 */
export type ChannelRule = (user: UserRow, match: RegExpExecArray) => Promise<boolean>;

const ownUserChannel = /^private-(notifications|credits|duration)\.user\.([0-9a-f-]{36})$/;

const rules: Array<{ pattern: RegExp; allow: ChannelRule }> = [
  { pattern: ownUserChannel, allow: async (user, match) => match[2] === user.uuid },
];

export function registerChannelRule(pattern: RegExp, allow: ChannelRule): void {
  rules.push({ pattern, allow });
}

export async function mayJoinChannel(user: UserRow, channel: string): Promise<boolean> {
  for (const rule of rules) {
    const match = rule.pattern.exec(channel);
    if (match) return rule.allow(user, match);
  }
  return false;
}
