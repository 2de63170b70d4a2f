import { Link, useLocation } from "react-router";
import { Logo } from "./Logo";

/**
 * The visitor navbar (spec §2): logo, Log In and Create account; on mobile a
 * Register link on the login page and Log In elsewhere. The member navbar
 * (bell, messages, balance, foldout) replaces it once signed in.
 */
export function Navbar({ variant = "solid" }: { variant?: "solid" | "transparent" | "survey" }) {
  const { pathname } = useLocation();
  const onLoginPage = pathname === "/login";
  const background =
    variant === "transparent"
      ? "absolute inset-x-0 top-0 z-30 bg-transparent"
      : variant === "survey"
        ? "sticky top-0 z-30 bg-white/95 shadow-sm backdrop-blur"
        : "sticky top-0 z-30 bg-velvet-900/95 backdrop-blur supports-[backdrop-filter]:bg-velvet-900/85";
  const tone = variant === "survey" ? "dark" : "light";
  return (
    <header className={background}>
      <nav className="page-container flex h-16 items-center justify-between gap-4" aria-label="Main">
        <Logo tone={tone} />
        <div className="hidden items-center gap-3 sm:flex">
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
      </nav>
    </header>
  );
}
