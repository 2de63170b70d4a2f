import { ZPasswordResetRequestSchema } from "@velvet/shared/api/auth";
import { authEndpoints } from "@velvet/shared/contract/auth";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { useServerForm } from "../../lib/use-server-form";
import { AuthCard } from "../../ui/forms/AuthCard";
import { FormAlert, SubmitButton, TextField } from "../../ui/forms/fields";

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useServerForm(ZPasswordResetRequestSchema, {
    defaultValues: {
      token: params.get("token") ?? "",
      email: params.get("email") ?? "",
      password: "",
      password_confirmation: "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { message } = await callEndpoint(authEndpoints.resetPassword, { body: values });
      setDone(message);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 422) setProblem(error.message);
    }
  });

  if (done) {
    return (
      <AuthCard title="Password changed">
        <div className="space-y-5">
          <FormAlert tone="success">{done}</FormAlert>
          <Link to="/login" className="btn-primary w-full py-3 text-base">
            Log In
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle="Pick something you haven't used here before.">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
        {errors.token?.message ? <FormAlert tone="error">{errors.token.message}</FormAlert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
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
        <SubmitButton busy={isSubmitting}>Reset password</SubmitButton>
      </form>
    </AuthCard>
  );
}
