import { lazy, Suspense } from "react";
import { useAuthStore } from "../../features/auth/auth-store";

const AccountHeader = lazy(() => import("./AccountHeader").then((module) => ({ default: module.AccountHeader })));

/** The account strip, loaded only once someone is signed in: a visitor's first load does not carry it. */
export function MemberAccountHeader() {
  const loggedIn = useAuthStore((state) => state.loggedIn);
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <AccountHeader />
    </Suspense>
  );
}
