import { FormAlert, SubmitButton } from "../../../ui/forms/fields";
import { AboutYouFields, AccountFields } from "./RegistrationFields";
import { useRegistration } from "./use-registration";

/** The whole registration form on one page (/register). */
export function RegistrationForm({ submitLabel = "Create account" }: { submitLabel?: string }) {
  const registration = useRegistration();
  const { isSubmitting } = registration.form.formState;
  return (
    <form onSubmit={registration.submit} noValidate className="space-y-4">
      {registration.alert ? <FormAlert tone="error">{registration.alert}</FormAlert> : null}
      <AboutYouFields registration={registration} />
      <AccountFields registration={registration} />
      {registration.botCheckStatus}
      <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
    </form>
  );
}
