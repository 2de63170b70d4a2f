import { createHash } from "node:crypto";
import { deletionOfferCredits, type TPromoBadgeVariant } from "@velvet/shared/constants/promotions";

type OfferUser = {
  uuid: string;
  features: Record<string, string | boolean>;
  isReviewAccount: boolean;
  isFictional: boolean;
  emailVerifiedAt: Date | null;
  deactivatedAt: Date | null;
  deletionOfferClaimedAt: Date | null;
};

/**
 * The promo-badge A/B group (spec §3 features.promoBadge): an admin's choice
 * wins; otherwise half the members get v1 and half v2, from a hash of their
 * uuid, so a member stays in their group on every device and every day.
 */
export function promoBadgeVariant(
  user: Pick<OfferUser, "uuid" | "features" | "isReviewAccount">,
): TPromoBadgeVariant | null {
  if (user.isReviewAccount) return null;
  const chosen = user.features.promoBadge;
  if (chosen === "v1" || chosen === "v2") return chosen;
  const firstByte = createHash("sha256").update(`promo_badge:${user.uuid}`).digest()[0] ?? 0;
  return firstByte % 2 === 0 ? "v1" : "v2";
}

/** Credits offered, once, to a member who starts deleting their account (recorded in the ledger). */
export const DELETION_OFFER_CREDITS = deletionOfferCredits;

/**
 * has_account_deletion_promo: a verified, active, real member who has not
 * taken it before. Verification keeps throwaway accounts from farming it.
 */
export function hasDeletionOffer(user: OfferUser): boolean {
  return (
    !user.isReviewAccount &&
    !user.isFictional &&
    user.emailVerifiedAt !== null &&
    user.deactivatedAt === null &&
    user.deletionOfferClaimedAt === null
  );
}
