import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { useAuthStore } from "../features/auth/auth-store";
import { Logo } from "./Logo";
import { useAccountHeaderShown } from "./navbar/use-account-header";
import { OnlineCount } from "./OnlineCount";

// Members only: a visitor's first load (home, login) does not carry the member's header, bell and promotions.
const MemberNavbar = lazy(() => import("./navbar/MemberNavbar").then((module) => ({ default: module.MemberNavbar })));

/**
 * The navbar (spec §2): the logo, then for visitors the online count, Log In and
 * Create account (on mobile Register on the login page, Log In elsewhere), for
 * members the member navbar. `accountHeader`: the layout puts the account strip
 * under it, which takes over some of its pieces on small screens.
 */
export function Navbar({
  variant = "solid",
  accountHeader = false,
}: {
  variant?: "solid" | "transparent" | "survey";
  accountHeader?: boolean;
}) {
  const { pathname } = useLocation();
  const onLoginPage = pathname === "/login";
  const background =
    variant === "transparent"
      ? "absolute inset-x-0 top-0 z-30 bg-transparent"
      : variant === "survey"
        ? "sticky top-0 z-30 bg-white/95 shadow-sm backdrop-blur"
        : "sticky top-0 z-30 bg-velvet-900/95 backdrop-blur supports-[backdrop-filter]:bg-velvet-900/85";
  const tone = variant === "survey" ? "dark" : "light";
  const loggedIn = useAuthStore((state) => state.loggedIn);
  const withAccountHeader = useAccountHeaderShown(accountHeader);
  return (
    <header className={background} data-navbar={variant}>
      <nav className="page-container flex h-16 items-center justify-between gap-3" aria-label="Main">
        <Logo tone={tone} compactOnMobile={loggedIn} />
        {loggedIn ? (
          <Suspense fallback={<div className="h-10 flex-1" />}>
            <MemberNavbar tone={tone} withAccountHeader={withAccountHeader} />
          </Suspense>
        ) : (
          <VisitorLinks tone={tone} onLoginPage={onLoginPage} />
        )}
      </nav>
    </header>
  );
}

function VisitorLinks({ tone, onLoginPage }: { tone: "light" | "dark"; onLoginPage: boolean }) {
  return (
    <>
      <div className="hidden items-center gap-3 sm:flex">
        <OnlineCount tone={tone} />
        <Link
          to="/login"
          className={`rounded-pill px-4 py-2 text-sm font-semibold transition ${tone === "light" ? "text-white/90 hover:bg-white/10 hover:text-white" : "text-velvet-800 hover:bg-velvet-50"}`}
        >
          Log In
        </Link>
        <Link to="/register" className="btn-primary">
          Create account
        </Link>
      </div>
      <div className="sm:hidden">
        {onLoginPage ? (
          <Link to="/register" className="btn-primary px-4 py-2">
            Register
          </Link>
        ) : (
          <Link to="/login" className="btn-primary px-4 py-2">
            Log In
          </Link>
        )}
      </div>
    </>
  );
}
