import { company } from "@velvet/shared/content/company";
import { Link } from "react-router";
import { clientConfig } from "../lib/client-config";
import { openConsentSettings } from "../lib/consent";
import { Logo } from "./Logo";
import { PaymentIcons } from "./PaymentIcons";

const columns = [
  {
    title: "Velvet Hearts",
    links: [
      { to: "/register", label: "Create account" },
      { to: "/prices", label: "Prices" },
      { to: "/vip", label: "Become VIP" },
      { to: "/how-to-pay", label: "How to pay" },
    ],
  },
  {
    title: "About us",
    links: [
      { to: "/terms-of-use", label: "Terms of use" },
      { to: "/privacy", label: "Privacy policy" },
      { to: "/2257-notice", label: "2257 notice" },
      { to: "/affiliates", label: "Affiliates" },
    ],
  },
  {
    title: "Support",
    links: [
      { to: "/faq", label: "FAQ" },
      { to: "/contact-us", label: "Contact us" },
      { to: "/submit-request", label: "Submit a request" },
      { to: "/report-abuse", label: "Report abuse" },
    ],
  },
];

function Copyright() {
  return (
    <p>
      © {new Date().getFullYear()} {company.legalName}. All rights reserved.
    </p>
  );
}

/** Spec §1: the entertainment-only notice, the anti-trafficking statement and the governing law. */
function LegalNotices() {
  return (
    <div className="border-t border-white/10">
      <div className="page-container grid gap-5 py-8 text-xs leading-relaxed text-velvet-200/75 md:grid-cols-3">
        <p>
          <strong className="block text-velvet-100">For entertainment only</strong>
          Velvet Hearts is a fantasy chat service for adults. Most profiles are fictional and are operated for
          entertainment; the site does not arrange physical meetings.
        </p>
        <p>
          <strong className="block text-velvet-100">Zero tolerance for trafficking</strong>
          We do not tolerate human trafficking, sexual exploitation or any content involving minors. Suspected cases are
          reported to the authorities.{" "}
          <Link to="/report-abuse" className="underline decoration-dotted hover:text-white">
            Report abuse
          </Link>
          .
        </p>
        <p>
          <strong className="block text-velvet-100">Governing law</strong>
          These terms and your use of the site are governed by the laws of {company.governingLaw}.
        </p>
      </div>
    </div>
  );
}

/**
 * The site footer (spec §1): product, About us and Support columns, the cards
 * accepted, the legal notices, copyright and the business address. The
 * reduced one ('milf', the account-entry pages) keeps copyright and legal links.
 */
export function Footer({
  variant = "full",
  showAffiliates = true,
}: {
  variant?: "full" | "reduced";
  showAffiliates?: boolean;
}) {
  if (variant === "reduced") {
    return (
      <footer className="border-t border-velvet-100 bg-white py-6 text-xs text-muted">
        <div className="page-container flex flex-col items-center justify-between gap-3 sm:flex-row">
          <Copyright />
          <nav className="flex gap-4" aria-label="Legal">
            <Link to="/terms-of-use" className="hover:text-velvet-700">
              Terms of use
            </Link>
            <Link to="/privacy" className="hover:text-velvet-700">
              Privacy
            </Link>
            <Link to="/2257-notice" className="hover:text-velvet-700">
              2257
            </Link>
            <button type="button" onClick={openConsentSettings} className="hover:text-velvet-700">
              Cookie settings
            </button>
          </nav>
        </div>
      </footer>
    );
  }
  const supportEmail = clientConfig().supportEmail;
  return (
    <footer className="bg-velvet-950 text-velvet-100">
      <div className="page-container grid gap-10 py-12 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="space-y-4">
          <Logo />
          <p className="max-w-xs text-sm text-velvet-200/80">
            Flirty chat and casual dating for adults across Australia. 18+ only.
          </p>
          <PaymentIcons />
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 font-sans text-xs font-semibold tracking-widest text-rose-400 uppercase">
              {column.title}
            </h2>
            <ul className="space-y-2 text-sm">
              {column.links
                .filter((link) => showAffiliates || link.to !== "/affiliates")
                .map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-velvet-100/85 transition hover:text-white">
                      {link.label}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </div>
      <LegalNotices />
      <div className="border-t border-white/10">
        <div className="page-container flex flex-col gap-2 py-6 text-xs text-velvet-200/70 sm:flex-row sm:items-center sm:justify-between">
          <Copyright />
          <button
            type="button"
            onClick={openConsentSettings}
            className="self-start underline decoration-dotted hover:text-white sm:self-auto"
          >
            Cookie settings
          </button>
          <p>
            {company.address} ·{" "}
            <a href={`mailto:${supportEmail}`} className="underline decoration-dotted hover:text-white">
              {supportEmail}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
