import { ZChangeEmailRequestSchema } from "@velvet/shared/api/account";
import { accountEndpoints } from "@velvet/shared/contract/accounts";
import { authEndpoints } from "@velvet/shared/contract/auth";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { useServerForm } from "../../lib/use-server-form";
import { FormAlert, SubmitButton, TextField } from "../../ui/forms/fields";
import { useAuthStore } from "../auth";

export function ChangeEmailForm({ disabled }: { disabled: boolean }) {
  const user = useAuthStore((state) => state.user);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const form = useServerForm(ZChangeEmailRequestSchema, { defaultValues: { email: "", current_password: "" } });
  const { errors, isSubmitting } = form.formState;
  const { hash } = useLocation();
  // "Change address" from the unconfirmed-email banner lands here ready to type. After the app's own
  // scroll to the top, which runs once this effect has.
  useEffect(() => {
    if (hash !== "#email" || disabled) return;
    const timer = window.setTimeout(() => {
      document.getElementById("email")?.scrollIntoView({ block: "start" });
      form.setFocus("email");
    }, 0);
    return () => window.clearTimeout(timer);
  }, [hash, disabled, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const { message } = await callEndpoint(accountEndpoints.changeEmail, { body: values });
      setResult({ tone: "success", text: message });
      form.reset();
      await useAuthStore.getState().fetchUser();
    } catch (error) {
      if (error instanceof ApiError && error.status !== 422) setResult({ tone: "error", text: error.message });
    }
  });

  const resend = async () => {
    try {
      const { message } = await callEndpoint(authEndpoints.resendVerification);
      setResult({ tone: "success", text: message });
    } catch (error) {
      setResult({ tone: "error", text: error instanceof ApiError ? error.message : "Please try again." });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-ink/80">
        Current address: <strong>{user?.email}</strong>{" "}
        {user?.email_verified ? (
          <span className="rounded-pill bg-success/10 px-2 py-0.5 text-xs font-semibold text-success">verified</span>
        ) : (
          <span className="rounded-pill bg-danger/10 px-2 py-0.5 text-xs font-semibold text-danger">not verified</span>
        )}
      </p>
      {user?.pending_email ? (
        <FormAlert tone="info">
          Waiting for you to confirm {user.pending_email}. Check that inbox for our link.
        </FormAlert>
      ) : null}
      {!user?.email_verified || user?.pending_email ? (
        <button type="button" className="text-sm font-semibold text-velvet-600 underline" onClick={resend}>
          Send the confirmation link again
        </button>
      ) : null}
      {result ? <FormAlert tone={result.tone}>{result.text}</FormAlert> : null}
      <fieldset disabled={disabled} className="space-y-4">
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register("current_password")}
        />
        <SubmitButton busy={isSubmitting}>Change email</SubmitButton>
      </fieldset>
    </form>
  );
}
