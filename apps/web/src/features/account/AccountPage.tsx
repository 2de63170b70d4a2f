import { FormAlert } from "../../ui/forms/fields";
import { useAuthStore } from "../auth/auth-store";
import { ChangeEmailForm } from "./ChangeEmailForm";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { EmailPreferencesForm } from "./EmailPreferencesForm";
import { LeaveSection } from "./LeaveSection";
import { SettingsSection } from "./SettingsSection";

export default function AccountPage() {
  const user = useAuthStore((state) => state.user);
  const impersonated = user?.impersonated ?? false;
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
        title="Email address"
        description="We send sign-in help and notifications here. It is never shown to other members."
      >
        <ChangeEmailForm disabled={impersonated} />
      </SettingsSection>
      <SettingsSection title="Password" description="Changing it signs you out on every other device.">
        <ChangePasswordForm disabled={impersonated} />
      </SettingsSection>
      <SettingsSection title="Email notifications">
        <EmailPreferencesForm />
      </SettingsSection>
      <SettingsSection title="Your account">
        <LeaveSection impersonated={impersonated} />
      </SettingsSection>
    </div>
  );
}
