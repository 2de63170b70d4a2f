import { type ReactNode, useEffect } from "react";
import { Link, useLocation } from "react-router";
import { FormAlert } from "../../ui/forms/fields";
import { BlockIcon, ComputerIcon } from "../../ui/icons";
import { useAuthStore } from "../auth";
import { PurchasesSection, SpendingLimitSection } from "../credits";
import { NotificationSettingsSection } from "../push";
import { ChangeEmailForm } from "./ChangeEmailForm";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { EmailPreferencesForm } from "./EmailPreferencesForm";
import { LeaveSection } from "./LeaveSection";
import { SettingsSection } from "./SettingsSection";
import { TwoFactorSection } from "./TwoFactorSection";

export default function AccountPage() {
  const user = useAuthStore((state) => state.user);
  const impersonated = user?.impersonated ?? false;
  const { hash } = useLocation();
  // Links from elsewhere (the store's "Spending limit") land on their section: the router does not scroll to it.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="page-container space-y-6 py-10">
      <header>
        <h1 className="text-3xl font-semibold text-velvet-900 sm:text-4xl">Account settings</h1>
        <p className="mt-2 text-muted">Signed in as {user?.username}.</p>
      </header>
      {impersonated ? (
        <FormAlert tone="info">
          You are acting as this member: the email address, password, data download, deactivation and deletion are
          locked.
        </FormAlert>
      ) : null}
      <SettingsSection
        id="email"
        title="Email address"
        description="We send sign-in help and notifications here. It is never shown to other members."
      >
        <ChangeEmailForm disabled={impersonated} />
      </SettingsSection>
      <SettingsSection title="Password" description="Changing it signs you out on every other device.">
        <ChangePasswordForm disabled={impersonated} />
      </SettingsSection>
      <SettingsSection
        title="Two-factor sign-in"
        description="A code from your phone as well as your password: a stolen password alone is not enough."
      >
        <TwoFactorSection impersonated={impersonated} />
      </SettingsSection>
      <SettingsSection title="Privacy and safety" description="Who can reach you, and where you are signed in.">
        <nav aria-label="Privacy and safety" className="divide-y divide-velvet-100 rounded-xl border border-velvet-100">
          <SafetyLink to="/account/blocked-members" title="Blocked members" hint="People you blocked, and unblocking">
            <BlockIcon className="size-5" />
          </SafetyLink>
          <SafetyLink to="/account/devices" title="Devices" hint="Where you are signed in, and signing out">
            <ComputerIcon className="size-5" />
          </SafetyLink>
        </nav>
      </SettingsSection>
      <SettingsSection
        id="notifications"
        title="Notifications"
        description="What reaches you by email while you're away, and by push while the site is closed."
      >
        <NotificationSettingsSection />
      </SettingsSection>
      <SettingsSection title="Promotions by email">
        <EmailPreferencesForm />
      </SettingsSection>
      <SettingsSection
        id="purchases"
        title="Purchases"
        description="Every payment you made, newest first. Paid ones have a printable receipt."
      >
        <PurchasesSection />
      </SettingsSection>
      <SettingsSection
        id="spending-limit"
        title="Spending limit"
        description="Set a monthly limit or take a break from buying. Lower limits apply at once, higher ones after 24 hours."
      >
        <SpendingLimitSection impersonated={impersonated} />
      </SettingsSection>
      <SettingsSection title="Your account">
        <LeaveSection impersonated={impersonated} />
      </SettingsSection>
    </div>
  );
}

function SafetyLink({ to, title, hint, children }: { to: string; title: string; hint: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 px-4 py-3 transition first:rounded-t-xl last:rounded-b-xl hover:bg-velvet-50"
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-velvet-50 text-velvet-700">
        {children}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-velvet-900">{title}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
      <span aria-hidden="true" className="text-velvet-400">
        ›
      </span>
    </Link>
  );
}
