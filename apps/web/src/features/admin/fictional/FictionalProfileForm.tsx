import {
  makeFictionalProfileCreateSchema,
  type TFictionalProfileCreateRequest,
  type TFictionalProfileDetail,
} from "@velvet/shared/api/admin-fictional";
import { australianStates } from "@velvet/shared/constants/australia";
import {
  bodyTypeOptions,
  eyeColorOptions,
  hairColorOptions,
  lookingForOptions,
  type OptionList,
  relationshipStatusOptions,
  tattoosPiercingsOptions,
} from "@velvet/shared/constants/profile-options";
import { todayInTimezone } from "@velvet/shared/validation/age";
import { useMemo, useState } from "react";
import { Controller } from "react-hook-form";
import { ApiError } from "../../../lib/api-client";
import { clientConfig } from "../../../lib/client-config";
import { useServerForm } from "../../../lib/use-server-form";
import { FormAlert, SelectField, TextAreaField, TextField } from "../../../ui/forms/fields";

const options = (list: OptionList) => list.map((option) => ({ value: String(option.key), label: option.label }));
const stateOptions = australianStates.map((state) => ({ value: state.code, label: state.name }));
const genderOptions = [
  { value: "female", label: "Woman" },
  { value: "male", label: "Man" },
];
const seekingOptions = [...genderOptions, { value: "both", label: "Both" }];
const toNumber = (value: string) => Number(value);
const toNumberOrNull = (value: string) => (value === "" || value === null ? null : Number(value));

function valuesOf(profile: TFictionalProfileDetail | null): TFictionalProfileCreateRequest {
  if (!profile) {
    return {
      username: "",
      gender: "female",
      seeking: "male",
      birthdate: "",
      state: "NSW",
      city: "",
      headline: "",
      about_me: "",
      body_type: 1,
      eye_color: 1,
      hair_color: 1,
      tattoos_piercings: 1,
      height_cm: null,
      relationship_status: null,
      looking_for: null,
      interests: [],
    };
  }
  return {
    username: profile.username,
    gender: profile.gender,
    seeking: profile.seeking,
    birthdate: profile.birthdate ?? "",
    state: (profile.state ?? "NSW") as TFictionalProfileCreateRequest["state"],
    city: profile.city,
    headline: profile.headline ?? "",
    about_me: profile.about_me ?? "",
    body_type: profile.body_type,
    eye_color: profile.eye_color,
    hair_color: profile.hair_color,
    tattoos_piercings: profile.tattoos_piercings,
    height_cm: profile.height_cm,
    relationship_status: profile.relationship_status,
    looking_for: profile.looking_for,
    interests: profile.interests,
  };
}

/**
 * Create or edit a fictional profile with the shared create schema (the same rules as members' own fields): the
 * edit form always holds every field, so a full body is also a valid edit.
 */
export function FictionalProfileForm({
  profile,
  onSave,
  onCancel,
}: {
  profile: TFictionalProfileDetail | null;
  onSave(values: TFictionalProfileCreateRequest): Promise<void>;
  onCancel?: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const timeZone = clientConfig().siteTimezone;
  const schema = useMemo(() => makeFictionalProfileCreateSchema(() => todayInTimezone(timeZone)), [timeZone]);
  const form = useServerForm(schema, { defaultValues: valuesOf(profile) });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSave(values);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 422)) {
        setProblem(error instanceof ApiError ? error.message : "Something went wrong. Please try again.");
      }
    }
  });

  const select = (
    name: "body_type" | "eye_color" | "hair_color" | "tattoos_piercings",
    label: string,
    list: OptionList,
  ) => (
    <SelectField
      label={label}
      options={options(list)}
      error={errors[name]?.message}
      {...form.register(name, { setValueAs: toNumber })}
    />
  );
  const optionalSelect = (name: "relationship_status" | "looking_for", label: string, list: OptionList) => (
    <SelectField
      label={label}
      options={options(list)}
      placeholder="Not set"
      error={errors[name]?.message}
      {...form.register(name, { setValueAs: toNumberOrNull })}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Username"
          autoComplete="off"
          error={errors.username?.message}
          {...form.register("username")}
        />
        <TextField label="Birthdate" type="date" error={errors.birthdate?.message} {...form.register("birthdate")} />
        <SelectField
          label="Gender"
          options={genderOptions}
          error={errors.gender?.message}
          {...form.register("gender")}
        />
        <SelectField
          label="Seeking"
          options={seekingOptions}
          error={errors.seeking?.message}
          {...form.register("seeking")}
        />
        <SelectField label="State" options={stateOptions} error={errors.state?.message} {...form.register("state")} />
        <TextField label="City" error={errors.city?.message} {...form.register("city")} />
      </div>
      <TextField label="Headline" error={errors.headline?.message} {...form.register("headline")} />
      <TextAreaField label="About" rows={4} error={errors.about_me?.message} {...form.register("about_me")} />
      <div className="grid gap-3 sm:grid-cols-2">
        {select("body_type", "Body type", bodyTypeOptions)}
        {select("eye_color", "Eye color", eyeColorOptions)}
        {select("hair_color", "Hair color", hairColorOptions)}
        {select("tattoos_piercings", "Tattoos and piercings", tattoosPiercingsOptions)}
        {optionalSelect("relationship_status", "Relationship status", relationshipStatusOptions)}
        {optionalSelect("looking_for", "Looking for", lookingForOptions)}
        <TextField
          label="Height (cm)"
          type="number"
          min={120}
          max={230}
          error={errors.height_cm?.message}
          {...form.register("height_cm", { setValueAs: toNumberOrNull })}
        />
        <Controller
          control={form.control}
          name="interests"
          render={({ field }) => (
            <TextField
              label="Interests"
              hint="Separated by commas"
              defaultValue={(field.value ?? []).join(", ")}
              onChange={(event) =>
                field.onChange(
                  event.target.value
                    .split(",")
                    .map((interest) => interest.trim())
                    .filter(Boolean),
                )
              }
              onBlur={field.onBlur}
              error={errors.interests?.message ?? errors.interests?.[0]?.message}
            />
          )}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary px-4 py-2 text-xs" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : profile ? "Save profile" : "Create profile"}
        </button>
        {onCancel ? (
          <button type="button" className="btn-outline px-4 py-2 text-xs" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
