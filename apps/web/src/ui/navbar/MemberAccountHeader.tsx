import { lazy, Suspense } from "react";
import { useAuthStore } from "../../features/auth/auth-store";
import { useAccountHeaderShown } from "./use-account-header";

const AccountHeader = lazy(() => import("./AccountHeader").then((module) => ({ default: module.AccountHeader })));
const EmailConfirmationBanner = lazy(() =>
  import("../../features/auth/email-confirmation/EmailConfirmation").then((module) => ({
    default: module.EmailConfirmationBanner,
  })),
);

/**
 * The strip's room while its chunk loads: the same height, border and background, so the page under it does not
 * move down when the strip arrives (layout shift on the dashboard).
 */
function AccountHeaderPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="border-b border-velvet-100 bg-white/95 shadow-[0_1px_12px_-6px_rgb(59_10_42/0.18)]"
      data-account-header-placeholder=""
    >
      <div className="h-14" />
    </div>
  );
}

/**
 * The account strip, and under it the unconfirmed-email banner, loaded only once someone is
 * signed in: a visitor's first load does not carry them; nor does a confirmed member's carry the banner.
 */
export function MemberAccountHeader() {
  const loggedIn = useAuthStore((state) => state.loggedIn);
  const shown = useAccountHeaderShown(true);
  const unconfirmed = useAuthStore((state) => state.user !== null && !state.user.email_verified);
  if (!loggedIn) return null;
  return (
    <>
      <Suspense fallback={shown ? <AccountHeaderPlaceholder /> : null}>
        <AccountHeader />
      </Suspense>
      {unconfirmed ? (
        <Suspense fallback={null}>
          <EmailConfirmationBanner />
        </Suspense>
      ) : null}
    </>
  );
}
