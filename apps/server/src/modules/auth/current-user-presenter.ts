import type { TCurrentUser } from "@velvet/shared/api/auth";
import { presentSearchPreferences } from "../../platform/members/search-preferences";
import type { UserRow } from "../../platform/members/types";
import { hasUnlimitedPass } from "../credits";
import { isProfileComplete } from "../profiles";
import type { RunningPromotion } from "../promotions";
import { hasDeletionOffer, promoBadgeVariant } from "../promotions";

const knownScopes = ["member", "operator", "admin"] as const;

/**
 * `dana@example.com` -> `d***@example.com`: what an operator acting as the member sees. Enough for the
 * operator to tell the member which address the mail went to, never the address itself.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email ? "***" : "";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** The current user of spec §3. */
export function presentCurrentUser(
  user: UserRow,
  extras: {
    primaryPhotoUrl: string | null;
    impersonated: boolean;
    unreadMessages: number;
    receivedMessages: number;
    /** The promotion running for this member (none for review accounts). */
    promotion: RunningPromotion | null;
  },
): TCurrentUser {
  const features = user.features ?? {};
  // An impersonated session never carries the member's address.
  const shownEmail = (email: string) => (extras.impersonated ? maskEmail(email) : email);
  return {
    uuid: user.uuid,
    username: user.username,
    email: shownEmail(user.email ?? ""),
    email_verified: user.emailVerifiedAt !== null,
    pending_email: user.pendingEmail === null ? null : shownEmail(user.pendingEmail),
    // Spec §3: credits are shown as 0 when not positive.
    credits: Math.max(0, user.credits),
    has_unli_message: hasUnlimitedPass(user),
    primary_photo: extras.primaryPhotoUrl ? { url: extras.primaryPhotoUrl } : null,
    gender: user.gender === "male" ? "male" : "female",
    unread_messages_count: extras.unreadMessages,
    new_visitors_count: user.newVisitorsCount,
    unread_favorites_count: user.unreadFavoritesCount,
    new_likes_count: user.newLikesCount,
    new_winks_count: user.newWinksCount,
    visits_count: user.visitsCount,
    received_messages_count: extras.receivedMessages,
    received_wink_interactions_count: user.receivedWinksCount,
    deactivated: user.deactivatedAt !== null,
    rv: user.isReviewAccount,
    eventName: extras.promotion?.name ?? null,
    features: { promoBadge: promoBadgeVariant(user), muteUserNotifications: features.muteUserNotifications === true },
    profile_complete: isProfileComplete(user),
    choice: user.seeking === "male" || user.seeking === "female" ? user.seeking : "both",
    preferences: {
      search: presentSearchPreferences(user.preferences),
      email: {
        notifications: user.preferences.email?.notifications ?? true,
        newsletter: user.preferences.email?.newsletter ?? false,
      },
    },
    has_account_deletion_promo: hasDeletionOffer(user),
    scope: user.roles.filter((role): role is (typeof knownScopes)[number] =>
      (knownScopes as readonly string[]).includes(role),
    ),
    impersonated: extras.impersonated,
  };
}
