import { ZChangePasswordRequestSchema } from "@velvet/shared/api/account";
import { accountEndpoints } from "@velvet/shared/contract/accounts";
import { useState } from "react";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { writeAccessToken } from "../../lib/auth-storage";
import { useServerForm } from "../../lib/use-server-form";
import { FormAlert, SubmitButton, TextField } from "../../ui/forms/fields";
import { useAuthStore } from "../auth";

export function ChangePasswordForm({ disabled }: { disabled: boolean }) {
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const form = useServerForm(ZChangePasswordRequestSchema, {
    defaultValues: { current_password: "", password: "", password_confirmation: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const response = await callEndpoint(accountEndpoints.changePassword, { body: values });
      // Every session ended; this device continues with the fresh token it was given.
      writeAccessToken(response.data.access_token);
      useAuthStore.setState({ token: response.data.access_token });
      setResult({ tone: "success", text: response.message });
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.status !== 422) setResult({ tone: "error", text: error.message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {result ? <FormAlert tone={result.tone}>{result.text}</FormAlert> : null}
      <fieldset disabled={disabled} className="space-y-4">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register("current_password")}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...form.register("password_confirmation", { deps: ["password"] })}
        />
        <SubmitButton busy={isSubmitting}>Change password</SubmitButton>
      </fieldset>
    </form>
  );
}
