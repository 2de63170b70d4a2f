import { australianStates } from "@velvet/shared/constants/australia";
import { latestBirthdateForAge } from "@velvet/shared/validation/age";
import { useId } from "react";
import { Link } from "react-router";
import { CheckboxField, SelectField, TextField } from "../../../ui/forms/fields";
import { ChoiceField } from "./ChoiceField";
import type { Registration } from "./use-registration";

const cities = [...new Set(australianStates.flatMap((state) => state.cities))].sort();
const genderOptions = [
  { value: "male", label: "Man" },
  { value: "female", label: "Woman" },
];
const seekingOptions = [
  { value: "female", label: "Women" },
  { value: "male", label: "Men" },
  { value: "both", label: "Both" },
];

interface FieldsProps {
  registration: Registration;
}

/**
 * Who you are and whom you'd like to meet. `choices` draws gender and seeking
 * as one-tap pills (the landers' quick first step), otherwise as selects.
 */
export function AboutYouFields({ registration, choices = false }: FieldsProps & { choices?: boolean }) {
  const { form, today } = registration;
  const { errors } = form.formState;
  return (
    <>
      {choices ? (
        <>
          <ChoiceField
            legend="I am a"
            options={genderOptions}
            error={errors.gender?.message}
            {...form.register("gender")}
          />
          <ChoiceField
            legend="Looking for"
            options={seekingOptions}
            error={errors.seeking?.message}
            {...form.register("seeking")}
          />
        </>
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label="I am a"
            options={genderOptions}
            error={errors.gender?.message}
            {...form.register("gender")}
          />
          <SelectField
            label="Looking for"
            options={seekingOptions}
            error={errors.seeking?.message}
            {...form.register("seeking")}
          />
        </div>
      )}
      <TextField
        label="Date of birth"
        type="date"
        min={latestBirthdateForAge(100, today)}
        max={latestBirthdateForAge(18, today)}
        error={errors.birthdate?.message}
        {...form.register("birthdate")}
      />
    </>
  );
}

/** The account itself: name, sign-in details, city and the 18+ and terms acceptance. */
export function AccountFields({ registration }: FieldsProps) {
  const { form } = registration;
  const { errors } = form.formState;
  const citiesId = useId();
  return (
    <>
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
        label="City"
        list={citiesId}
        autoComplete="address-level2"
        error={errors.city?.message}
        {...form.register("city")}
      />
      <datalist id={citiesId}>
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
    </>
  );
}
