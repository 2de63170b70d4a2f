import type { ReactNode } from "react";
import { Link } from "react-router";
import { BackIcon } from "../../ui/icons";

/** A page under Account settings (Blocked members, Devices): the way back, its title and what it is for. */
export function SettingsSubpage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="page-container max-w-3xl space-y-6 py-6 sm:py-10">
      <header>
        <Link
          to="/account"
          className="inline-flex items-center gap-1 rounded-pill py-1 pr-3 text-sm font-semibold text-velvet-700 hover:text-velvet-900"
        >
          <BackIcon className="size-4" />
          Account settings
        </Link>
        <h1 className="mt-2 text-3xl font-semibold text-velvet-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-muted">{description}</p>
      </header>
      {children}
    </div>
  );
}
