import { authMessages } from "@velvet/shared/validation/messages";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { useLazySchemaForm } from "../../lib/use-lazy-schema-form";
import { useValidationStore } from "../../lib/validation-store";
import { AuthCard } from "../../ui/forms/AuthCard";
import { FormAlert, SubmitButton, TextField } from "../../ui/forms/fields";
import { storeTokenResponse } from "./auth-store";
import { heldChallenge, releaseHeldChallenge } from "./held-challenge";
import { destinationAfterLogin } from "./post-login";

/** Only members with two-factor sign-in reach this step: the login page's first load does without it. */
const TwoFactorStep = lazy(() => import("./TwoFactorStep").then((module) => ({ default: module.TwoFactorStep })));

import { SESSION_ENDED_REASON } from "./sign-in-again";

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  // A payment's return link may have earned the challenge already: its code step comes first.
  const [challenge, setChallenge] = useState<string | null>(heldChallenge);
  const loginFailed = useValidationStore((state) => state.loginFailed);
  const form = useLazySchemaForm(() => import("@velvet/shared/api/auth").then((module) => module.ZLoginRequestSchema), {
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      // Loaded on submit, as the form's schema is: the sign-in page's first load stays small.
      const { authEndpoints } = await import("@velvet/shared/contract/auth");
      const response = await callEndpoint(authEndpoints.login, { body: values });
      // Two-factor sign-in: the password was right; the code comes next.
      if ("two_factor_required" in response.data) {
        setChallenge(response.data.challenge);
        return;
      }
      const user = await storeTokenResponse({ data: response.data });
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
      {challenge ? (
        <Suspense fallback={null}>
          <TwoFactorStep
            challenge={challenge}
            onSignedIn={(user) => {
              releaseHeldChallenge();
              navigate(destinationAfterLogin(user, params.get("redirect")), { replace: true });
            }}
            onStartOver={() => {
              releaseHeldChallenge();
              setChallenge(null);
            }}
          />
        </Suspense>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5" data-login-failed={loginFailed || undefined}>
          {problem ? (
            <FormAlert tone="error">{problem}</FormAlert>
          ) : params.get("reason") === SESSION_ENDED_REASON ? (
            <FormAlert tone="info">{authMessages.sessionEnded}</FormAlert>
          ) : null}
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
      )}
    </AuthCard>
  );
}
