import type { TCurrentUser } from "@velvet/shared/api/auth";

/**
 * The counters a menu entry may carry as a badge (spec §2: unread messages, new visitors; and new
 * likes and winks, together on "Likes you").
 */
type BadgeCount = "unread_messages_count" | "new_visitors_count" | "likes_you";
type CountField = "unread_messages_count" | "new_visitors_count" | "new_likes_count" | "new_winks_count";

export interface MemberLink {
  label: string;
  to: string;
  badge?: BadgeCount;
}

/**
 * The member's menu (spec §2), one list for the desktop strip and the mobile
 * foldout so they never drift apart. Account settings and Logout sit apart
 * (at the right of the strip, at the end of the foldout).
 */
export const memberLinks: readonly MemberLink[] = [
  { label: "Search", to: "/dashboard" },
  { label: "Messages", to: "/messages", badge: "unread_messages_count" },
  { label: "My profile", to: "/my-profile" },
  { label: "My visitors", to: "/my-visitors", badge: "new_visitors_count" },
  { label: "Likes you", to: "/my-likes", badge: "likes_you" },
  { label: "My favorites", to: "/my-favorites" },
  { label: "Buy credits", to: "/credits/buy" },
];

export const accountSettingsLink: MemberLink = { label: "Account settings", to: "/account" };

/** The staff consoles the signed-in account may open (its scope): operators the desk, admins both. */
export function staffLinks(user: Pick<TCurrentUser, "scope">): MemberLink[] {
  const links: MemberLink[] = [];
  if (user.scope.includes("operator") || user.scope.includes("admin")) {
    links.push({ label: "Operator", to: "/operator" });
  }
  if (user.scope.includes("admin")) links.push({ label: "Admin", to: "/admin" });
  return links;
}

type MenuUser = Pick<TCurrentUser, CountField | "deactivated">;

/** Menu items are hidden while the account is deactivated (spec §2, §6). */
export function showsMemberMenu<User extends MenuUser>(user: User | null): user is User {
  return user !== null && !user.deactivated;
}

export function badgeCount(user: MenuUser, link: MemberLink): number {
  if (!link.badge) return 0;
  if (link.badge === "likes_you") return Math.max(0, user.new_likes_count) + Math.max(0, user.new_winks_count);
  return Math.max(0, user[link.badge]);
}

/** A badge's count in words, for the entry's accessible name: " (3 unread)", " (1 new)". */
export function badgeWords(link: MemberLink, count: number): string {
  if (count <= 0) return "";
  return link.badge === "unread_messages_count" ? ` (${count} unread)` : ` (${count} new)`;
}

/** Badges stay two digits wide. */
export function badgeLabel(count: number): string {
  return count > 99 ? "99+" : String(count);
}

export interface FoldoutStat {
  key: "visits" | "messages" | "winks";
  label: string;
  value: number;
  /** Where a tap goes; null for a figure that is only shown. */
  to: string | null;
}

/** The three figures of the foldout (spec §2): visits and messages lead to their pages, winks only shows. */
export function foldoutStats(
  user: Pick<TCurrentUser, "visits_count" | "received_messages_count" | "received_wink_interactions_count">,
): FoldoutStat[] {
  return [
    { key: "visits", label: "Visits", value: user.visits_count, to: "/my-visitors" },
    { key: "messages", label: "Messages", value: user.received_messages_count, to: "/messages" },
    { key: "winks", label: "Winks", value: user.received_wink_interactions_count, to: null },
  ];
}

/** The foldout closes after any navigation click, except on the winks figure, which goes nowhere (spec §2). */
export function closesFoldout(entry: { to: string | null }): boolean {
  return entry.to !== null;
}

/** The member's photo, or the default avatar for their gender when there is none (spec §1). */
export function memberPhotoUrl(user: Pick<TCurrentUser, "primary_photo" | "gender">): string {
  return user.primary_photo?.url ?? `/avatars/default-${user.gender === "male" ? "male" : "female"}.svg`;
}

/** The conversation page (route name messages-id) keeps the screen for the chat: no account strip (spec §2). */
export const ROUTE_WITHOUT_ACCOUNT_HEADER = "messages-id";

/** Whether the account header strip shows: in the member layout, for an active member, off the conversation page. */
export function showsAccountHeader(options: {
  memberLayout: boolean;
  user: MenuUser | null;
  routeNames: readonly (string | undefined)[];
}): boolean {
  return (
    options.memberLayout && showsMemberMenu(options.user) && !options.routeNames.includes(ROUTE_WITHOUT_ACCOUNT_HEADER)
  );
}
