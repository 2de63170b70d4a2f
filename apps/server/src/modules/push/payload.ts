import type { TPushPayload } from "@velvet/shared/api/push";
import { kindOfAction } from "../../platform/members/notification-settings";

export interface NotificationForPush {
  actionType: string;
  data: Record<string, unknown>;
}

/**
 * What a push shows on the member's lock screen, which anyone near the phone may read. It is discreet on purpose:
 * who did what and nothing more. A message's text and the sender's photos never leave the site in a push (the
 * spec asks only for the kind, the sender and a link); the icon is the site's own.
 */
export function pushPayloadFor(notification: NotificationForPush, siteName: string): TPushPayload | null {
  const kind = kindOfAction[notification.actionType];
  if (!kind) return null;
  const data = notification.data as {
    from_user_name?: string;
    from_user_uuid?: string;
    message?: { type?: string; conversation?: { uuid?: string } };
  };
  const name = data.from_user_name ?? "Someone";
  const sender = data.from_user_uuid ?? "";
  const profileUrl = `/profile/${encodeURIComponent(sender)}`;
  const base = { title: siteName, icon: "/icons/icon-192.png", kind } as const;
  switch (kind) {
    case "messages": {
      const conversation = data.message?.conversation?.uuid;
      const type = data.message?.type;
      return {
        ...base,
        body:
          type === "image"
            ? `${name} sent you a photo`
            : type === "wink"
              ? `${name} winked at you`
              : `${name} sent you a message`,
        // The singular form is the link push notifications use (spec §2); the web app forwards it.
        url: conversation ? `/message/${encodeURIComponent(conversation)}` : "/messages",
        tag: conversation ? `conversation:${conversation}` : `messages:${sender}`,
      };
    }
    case "likes":
      return { ...base, body: `${name} liked your profile`, url: profileUrl, tag: `likes:${sender}` };
    case "winks":
      return { ...base, body: `${name} winked at you`, url: profileUrl, tag: `winks:${sender}` };
    case "favorites":
      return { ...base, body: `${name} added you to their favourites`, url: profileUrl, tag: `favorites:${sender}` };
    case "visits":
      return { ...base, body: `${name} viewed your profile`, url: profileUrl, tag: `visits:${sender}` };
  }
}
