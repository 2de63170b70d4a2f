import { ZPasswordEmailRequestSchema } from "@velvet/shared/api/auth";
import { authEndpoints } from "@velvet/shared/contract/auth";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { useServerForm } from "../../lib/use-server-form";
import { AuthCard } from "../../ui/forms/AuthCard";
import { FormAlert, SubmitButton, TextField } from "../../ui/forms/fields";
import { useBotCheck } from "../bot-check";

export default function ForgotPasswordPage() {
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const form = useServerForm(ZPasswordEmailRequestSchema, { defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;
  const botCheck = useBotCheck();

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const { message } = await botCheck.send((altcha) =>
        callEndpoint(authEndpoints.requestPasswordReset, { body: { ...values, altcha } }),
      );
      setResult({ tone: "success", text: message });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 422) setResult({ tone: "error", text: error.message });
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Tell us your email and we'll send you a link to choose a new one."
      footer={
        <Link to="/login" className="font-semibold text-white underline">
          Back to Log In
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {result ? <FormAlert tone={result.tone}>{result.text}</FormAlert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        {botCheck.status}
        <SubmitButton busy={isSubmitting}>Send reset link</SubmitButton>
      </form>
    </AuthCard>
  );
}
