import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  profileCompletionLabels,
  type TUpdateProfileRequest,
  ZUpdateProfileRequestSchema,
} from "@velvet/shared/api/profiles";
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
import { profileEndpoints } from "@velvet/shared/contract/profiles";
import { useEffect, useRef, useState } from "react";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { useServerForm } from "../../lib/use-server-form";
import { FormAlert, SelectField, SubmitButton, TextField } from "../../ui/forms/fields";
import { useAuthStore } from "../auth";
import type { OwnProfile } from "./own-profile";

const options = (list: OptionList) => list.map((option) => ({ value: String(option.key), label: option.label }));
const asNumber = (value: unknown) => (value === "" || value === null || value === undefined ? null : Number(value));

/** Every editable field of the member's profile, with the shared schema's rules as they type. */
export function ProfileForm({
  profile,
  submitLabel,
  checkCompletion = false,
  onSaved,
}: {
  profile: OwnProfile;
  submitLabel: string;
  /** The completion page: after a save, name what is still needed instead of only "saved". */
  checkCompletion?: boolean;
  onSaved?: (saved: OwnProfile) => void;
}) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const form = useServerForm(ZUpdateProfileRequestSchema, {
    defaultValues: {
      state: (profile.state ?? undefined) as TUpdateProfileRequest["state"],
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
    },
  });
  const { errors, isSubmitting } = form.formState;
  const [interests, setInterests] = useState(profile.interests.join(", "));
  const alertBox = useRef<HTMLDivElement>(null);
  // The button is at the bottom of a long form: bring what it answered into view (on a phone it is a screen away).
  useEffect(() => {
    if (result) alertBox.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [result]);

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const body = {
        ...values,
        interests: interests
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean),
      };
      const { data } = await callEndpoint(profileEndpoints.updateOwnProfile, { body });
      queryClient.setQueryData(["own-profile"], data);
      void useAuthStore.getState().fetchUser();
      const missing = checkCompletion ? data.profile_missing : [];
      for (const field of missing) {
        form.setError(field, { message: `The ${profileCompletionLabels[field].toLowerCase()} field is required.` });
      }
      setResult(
        missing.length === 0
          ? { tone: "success", text: "Your profile has been saved." }
          : {
              tone: "error",
              text: `Your profile has been saved. Still needed to finish it: ${missing.map((field) => profileCompletionLabels[field]).join(", ")}.`,
            },
      );
      onSaved?.(data);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 422) setResult({ tone: "error", text: error.message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {result ? (
        <div ref={alertBox}>
          <FormAlert tone={result.tone}>{result.text}</FormAlert>
        </div>
      ) : null}
      <TextField
        label="Headline"
        maxLength={120}
        placeholder="Sunsets, wine and good company"
        error={errors.headline?.message}
        {...form.register("headline")}
      />
      <div className="space-y-1.5">
        <label htmlFor="about_me" className="block text-sm font-semibold text-velvet-900">
          About me
        </label>
        <textarea
          id="about_me"
          rows={5}
          maxLength={2000}
          className="block w-full rounded-xl border border-velvet-200 bg-white px-4 py-3 text-base focus:border-rose-400 focus:outline-none"
          {...form.register("about_me")}
        />
        {errors.about_me?.message ? <p className="text-sm text-danger">{errors.about_me.message}</p> : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="State"
          placeholder="Choose your state"
          options={australianStates.map((state) => ({ value: state.code, label: state.name }))}
          error={errors.state?.message}
          {...form.register("state", { setValueAs: (value: string) => value || undefined })}
        />
        <TextField label="City" error={errors.city?.message} {...form.register("city")} />
        <SelectField
          label="Body type"
          options={options(bodyTypeOptions)}
          error={errors.body_type?.message}
          {...form.register("body_type", { setValueAs: asNumber })}
        />
        <TextField
          label="Height (cm)"
          type="number"
          min={120}
          max={230}
          error={errors.height_cm?.message}
          {...form.register("height_cm", { setValueAs: asNumber })}
        />
        <SelectField
          label="Eye color"
          options={options(eyeColorOptions)}
          error={errors.eye_color?.message}
          {...form.register("eye_color", { setValueAs: asNumber })}
        />
        <SelectField
          label="Hair color"
          options={options(hairColorOptions)}
          error={errors.hair_color?.message}
          {...form.register("hair_color", { setValueAs: asNumber })}
        />
        <SelectField
          label="Tattoos and piercings"
          options={options(tattoosPiercingsOptions)}
          error={errors.tattoos_piercings?.message}
          {...form.register("tattoos_piercings", { setValueAs: asNumber })}
        />
        <SelectField
          label="Relationship status"
          placeholder="Choose one"
          options={options(relationshipStatusOptions)}
          error={errors.relationship_status?.message}
          {...form.register("relationship_status", { setValueAs: asNumber })}
        />
        <SelectField
          label="Looking for"
          placeholder="Choose one"
          options={options(lookingForOptions)}
          error={errors.looking_for?.message}
          {...form.register("looking_for", { setValueAs: asNumber })}
        />
        <TextField
          label="Interests"
          hint="Separate them with commas: beach, wine, travel"
          value={interests}
          onChange={(event) => setInterests(event.target.value)}
        />
      </div>
      <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
    </form>
  );
}

export function useOwnProfile() {
  return useQuery({
    queryKey: ["own-profile"],
    queryFn: () => callEndpoint(profileEndpoints.ownProfile).then((response) => response.data),
  });
}
