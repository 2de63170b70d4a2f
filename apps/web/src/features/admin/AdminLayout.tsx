import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { Logo } from "../../ui/Logo";
import { logout, useAuthStore } from "../auth";
import { adminSections, sectionHref } from "./sections";

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return `block rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap transition ${
    isActive ? "bg-velvet-900 text-white shadow-sm" : "text-velvet-800 hover:bg-velvet-100/70 hover:text-velvet-950"
  }`;
}

/**
 * The console's frame (the route uses the bare layout), in the operator console's look: a slim dark header,
 * the sections down the left from 1024 px, and a scrolling row of them under the header on a phone.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const username = useAuthStore((state) => state.user?.username);
  return (
    <div className="flex min-h-dvh flex-col bg-cream-100">
      <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 bg-velvet-950 px-3 text-white sm:gap-4 sm:px-5">
        <Logo compactOnMobile />
        <span className="rounded-pill bg-white/10 px-2.5 py-1 text-xs font-semibold tracking-wide whitespace-nowrap text-rose-400 uppercase">
          Admin
        </span>
        <div className="flex-1" />
        <Link
          to="/operator"
          className="hidden rounded-pill px-3 py-1.5 text-xs font-semibold text-velvet-100 hover:bg-white/10 sm:inline"
        >
          Operator console
        </Link>
        <span className="hidden text-sm text-velvet-200 md:inline">{username}</span>
        <button
          type="button"
          onClick={() => void logout("header")}
          className="rounded-pill px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-velvet-100 ring-1 ring-white/20 hover:bg-white/10"
        >
          Log out
        </button>
      </header>
      <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
        <nav
          aria-label="Admin sections"
          className="sticky top-14 z-10 shrink-0 border-b border-velvet-100 bg-cream-50/95 backdrop-blur lg:static lg:w-52 lg:border-r lg:border-b-0"
        >
          <ul className="flex gap-1 overflow-x-auto px-2 py-2 lg:sticky lg:top-14 lg:flex-col lg:gap-0.5 lg:px-3 lg:py-4">
            {adminSections.map((section) => (
              <li key={section.path} className="shrink-0">
                <NavLink to={sectionHref(section)} end={section.path === ""} className={navLinkClass}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="min-w-0 flex-1">{children}</main>
      </div>
    </div>
  );
}
