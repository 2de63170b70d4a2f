import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, api } from "../../lib/api-client";
import { useLazySchemaForm } from "../../lib/use-lazy-schema-form";
import { useValidationStore } from "../../lib/validation-store";
import { AuthCard } from "../../ui/forms/AuthCard";
import { FormAlert, SubmitButton, TextField } from "../../ui/forms/fields";
import { storeTokenResponse } from "./auth-store";
import { destinationAfterLogin } from "./post-login";

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  const loginFailed = useValidationStore((state) => state.loginFailed);
  const form = useLazySchemaForm(() => import("@velvet/shared/api/auth").then((module) => module.ZLoginRequestSchema), {
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const response = await api.post<{ data: { access_token: string; token_type: "bearer"; expires_in: number } }>(
        "/login",
        values,
      );
      const user = await storeTokenResponse(response);
      navigate(destinationAfterLogin(user, params.get("redirect")), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 422) setProblem(error.message);
    }
  });

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to see who's been looking at you."
      footer={
        <>
          New to Velvet Hearts?{" "}
          <Link to="/register" className="font-semibold text-white underline">
            Create a free account
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" data-login-failed={loginFailed || undefined}>
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-semibold text-velvet-600 hover:text-velvet-800">
            Forgot your password?
          </Link>
        </div>
        <SubmitButton busy={isSubmitting}>Log In</SubmitButton>
      </form>
    </AuthCard>
  );
}
