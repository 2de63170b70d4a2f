import { makeRegisterRequestSchema } from "@velvet/shared/api/auth";
import { australianStates } from "@velvet/shared/constants/australia";
import { latestBirthdateForAge, todayInTimezone } from "@velvet/shared/validation/age";
import { useMemo, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError, api } from "../../lib/api-client";
import { clientConfig } from "../../lib/client-config";
import { useServerForm, useUnplacedServerError } from "../../lib/use-server-form";
import { AuthCard } from "../../ui/forms/AuthCard";
import { CheckboxField, FormAlert, SelectField, SubmitButton, TextField } from "../../ui/forms/fields";
import { storeTokenResponse } from "./auth-store";
import { destinationAfterLogin } from "./post-login";

const cities = [...new Set(australianStates.flatMap((state) => state.cities))].sort();
const FIELDS = [
  "username",
  "email",
  "password",
  "password_confirmation",
  "birthdate",
  "gender",
  "seeking",
  "city",
  "terms",
];

export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  const timeZone = clientConfig().siteTimezone;
  const schema = useMemo(() => makeRegisterRequestSchema(() => todayInTimezone(timeZone)), [timeZone]);
  const today = todayInTimezone(timeZone);
  const form = useServerForm(schema, {
    defaultValues: {
      username: "",
      email: "",
      password: "",
      password_confirmation: "",
      birthdate: "",
      gender: "male",
      seeking: "female",
      city: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const unplaced = useUnplacedServerError(FIELDS);

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const response = await api.post<{ data: { access_token: string; token_type: "bearer"; expires_in: number } }>(
        "/register",
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
      title="Create your free account"
      subtitle="Adults 18+ only. It takes less than a minute."
      footer={
        <>
          Already a member?{" "}
          <Link to="/login" className="font-semibold text-white underline">
            Log In
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {problem || unplaced ? <FormAlert tone="error">{problem ?? unplaced}</FormAlert> : null}
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label="I am a"
            options={[
              { value: "male", label: "Man" },
              { value: "female", label: "Woman" },
            ]}
            error={errors.gender?.message}
            {...form.register("gender")}
          />
          <SelectField
            label="Looking for"
            options={[
              { value: "female", label: "Women" },
              { value: "male", label: "Men" },
              { value: "both", label: "Both" },
            ]}
            error={errors.seeking?.message}
            {...form.register("seeking")}
          />
        </div>
        <TextField
          label="Username"
          autoComplete="username"
          maxLength={20}
          error={errors.username?.message}
          {...form.register("username")}
        />
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
          autoComplete="new-password"
          hint="At least 8 characters. A phrase you'll remember works best."
          error={errors.password?.message}
          {...form.register("password")}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...form.register("password_confirmation", { deps: ["password"] })}
        />
        <TextField
          label="Date of birth"
          type="date"
          min={latestBirthdateForAge(100, today)}
          max={latestBirthdateForAge(18, today)}
          error={errors.birthdate?.message}
          {...form.register("birthdate")}
        />
        <TextField
          label="City"
          list="register-cities"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...form.register("city")}
        />
        <datalist id="register-cities">
          {cities.map((city) => (
            <option key={city} value={city} />
          ))}
        </datalist>
        <CheckboxField
          label={
            <>
              I am at least 18 years old and accept the{" "}
              <Link to="/terms-of-use" className="font-semibold text-velvet-600 underline">
                terms of use
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="font-semibold text-velvet-600 underline">
                privacy policy
              </Link>
              .
            </>
          }
          error={errors.terms?.message}
          {...form.register("terms")}
        />
        <SubmitButton busy={isSubmitting}>Create account</SubmitButton>
      </form>
    </AuthCard>
  );
}
