import { lazy, Suspense } from "react";
import { useAuthStore } from "../../features/auth/auth-store";

const AccountHeader = lazy(() => import("./AccountHeader").then((module) => ({ default: module.AccountHeader })));
const EmailConfirmationBanner = lazy(() =>
  import("../../features/auth/email-confirmation/EmailConfirmation").then((module) => ({
    default: module.EmailConfirmationBanner,
  })),
);

/**
 * The account strip, and under it the unconfirmed-email banner (issue 20), loaded only once someone is
 * signed in: a visitor's first load does not carry them.
 */
export function MemberAccountHeader() {
  const loggedIn = useAuthStore((state) => state.loggedIn);
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <AccountHeader />
      <EmailConfirmationBanner />
    </Suspense>
  );
}
