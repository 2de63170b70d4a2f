import { type FormEvent, useEffect, useRef, useState } from "react";
import { useValidationStore } from "../../../lib/validation-store";
import { FormAlert, SubmitButton } from "../../../ui/forms/fields";
import { AboutYouFields, AccountFields } from "./RegistrationFields";
import { aboutYouFields, useRegistration } from "./use-registration";

interface TwoStepRegistrationFormProps {
  /** Says what the first step leads to, e.g. "See who's nearby". */
  nextLabel?: string;
  submitLabel?: string;
  /** Gender and seeking as one-tap pills rather than selects. */
  choices?: boolean;
}

/**
 * The registration form in two short steps (the landers): first who you are
 * and whom you seek, then the account. One form and one request, so the
 * shared schema, the campaign and the success path are those of /register.
 */
export function TwoStepRegistrationForm({
  nextLabel = "Continue",
  submitLabel = "Create my free account",
  choices = true,
}: TwoStepRegistrationFormProps) {
  const registration = useRegistration();
  const { form } = registration;
  const [step, setStep] = useState<1 | 2>(1);
  const serverErrors = useValidationStore((state) => state.errors);
  const stepHeading = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);

  // The server can still refuse a first-step answer (a birthdate): show it where it can be fixed.
  useEffect(() => {
    if (aboutYouFields.some((field) => field in serverErrors)) setStep(1);
  }, [serverErrors]);

  // Keyboard and screen-reader users land on the new step, not on a button that vanished.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step change is the trigger.
  useEffect(() => {
    if (moved.current) stepHeading.current?.focus();
    moved.current = true;
  }, [step]);

  const next = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.trigger([...aboutYouFields])) setStep(2);
  };

  return (
    <form onSubmit={step === 1 ? next : registration.submit} noValidate className="space-y-4">
      <div className="flex items-center gap-3">
        <p ref={stepHeading} tabIndex={-1} className="text-xs font-bold tracking-widest text-rose-600 uppercase">
          Step {step} of 2
        </p>
        <div className="flex flex-1 gap-1.5" aria-hidden="true">
          <span className="h-1.5 flex-1 rounded-pill bg-gradient-to-r from-rose-500 to-velvet-500" />
          <span
            className={`h-1.5 flex-1 rounded-pill transition ${step === 2 ? "bg-gradient-to-r from-rose-500 to-velvet-500" : "bg-velvet-100"}`}
          />
        </div>
      </div>
      {registration.alert ? <FormAlert tone="error">{registration.alert}</FormAlert> : null}
      {/* On both steps, so solving starts at the first tap and the refusal shows wherever the visitor is. */}
      {registration.botCheckStatus}
      {step === 1 ? (
        <>
          <AboutYouFields registration={registration} choices={choices} />
          <button type="submit" className="btn-primary w-full py-3 text-base">
            {nextLabel}
          </button>
        </>
      ) : (
        <>
          <AccountFields registration={registration} />
          <SubmitButton busy={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
          <button
            type="button"
            onClick={() => setStep(1)}
            className="w-full text-center text-sm font-semibold text-velvet-600 underline-offset-4 hover:underline"
          >
            Back
          </button>
        </>
      )}
    </form>
  );
}
