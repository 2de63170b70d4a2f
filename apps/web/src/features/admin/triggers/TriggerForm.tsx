import { useQuery } from "@tanstack/react-query";
import {
  fillTriggerText,
  type TAdminTrigger,
  type TAdminTriggerRequest,
  ZAdminTriggerRequestSchema,
} from "@velvet/shared/api/admin-triggers";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { useServerForm } from "../../../lib/use-server-form";
import { CheckboxField, FormAlert, SelectField, TextAreaField, TextField } from "../../../ui/forms/fields";
import { useDebouncedValue } from "../../messages";
import { delayUnits, requestFrom, splitDelay } from "./delay";
import { searchFictionalProfiles, triggerKeys } from "./triggers-api";

const NEW_TRIGGER: TAdminTriggerRequest = {
  name: "",
  event: "registered",
  delay_minutes: 5,
  text: "",
  profile_uuid: null,
  max_per_member: 1,
  active: true,
};

const SAMPLE = { member: "Sam", profile: "Jess", city: "Brisbane" };

/** Create (no `trigger`) or edit one trigger; the shared schema checks it as the admin types. */
export function TriggerForm({
  trigger,
  onSave,
  onCancel,
}: {
  trigger?: TAdminTrigger;
  onSave(body: TAdminTriggerRequest): Promise<unknown>;
  onCancel(): void;
}) {
  const initial = trigger ? requestFrom(trigger) : NEW_TRIGGER;
  const form = useServerForm(ZAdminTriggerRequestSchema, { defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const [delay, setDelay] = useState(() => splitDelay(initial.delay_minutes));
  const [search, setSearch] = useState("");
  const searched = useDebouncedValue(search.trim(), 300);
  const profiles = useQuery({
    queryKey: triggerKeys.profiles(searched),
    queryFn: () => searchFictionalProfiles(searched),
    placeholderData: (previous) => previous,
  });
  const event = form.watch("event");
  const text = form.watch("text");

  const changeDelay = (next: { amount: number; unit: number }) => {
    setDelay(next);
    form.setValue("delay_minutes", next.amount * next.unit, { shouldValidate: true, shouldDirty: true });
  };

  const profileOptions = [
    ...(trigger?.profile ? [{ value: trigger.profile.uuid, label: trigger.profile.username }] : []),
    ...(profiles.data ?? [])
      .filter((profile) => profile.uuid !== trigger?.profile?.uuid)
      .map((profile) => ({ value: profile.uuid, label: profile.username })),
  ];

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) {
        setFailure(error instanceof Error ? error.message : "Please try again.");
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-velvet-100">
      <h3 className="text-sm font-bold text-ink">{trigger ? `Edit “${trigger.name}”` : "New trigger"}</h3>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name (admins only)" error={errors.name?.message} {...form.register("name")} />
        <SelectField
          label="When"
          error={errors.event?.message}
          options={[
            { value: "registered", label: "After registration" },
            { value: "inactive", label: "After the member is inactive" },
          ]}
          {...form.register("event", {
            onChange: (change: { target: { value: string } }) => {
              if (change.target.value === "registered") form.setValue("max_per_member", 1, { shouldValidate: true });
            },
          })}
        />
      </div>
      <div className="grid grid-cols-[1fr_auto] gap-3 sm:max-w-sm">
        <TextField
          label={event === "registered" ? "Delay after registration" : "Inactive for"}
          type="number"
          min={1}
          inputMode="numeric"
          value={Number.isNaN(delay.amount) ? "" : delay.amount}
          onChange={(change) => changeDelay({ ...delay, amount: change.target.valueAsNumber })}
          error={errors.delay_minutes?.message}
        />
        <SelectField
          label="Unit"
          value={String(delay.unit)}
          onChange={(change) => changeDelay({ ...delay, unit: Number(change.target.value) })}
          options={delayUnits.map((unit) => ({ value: String(unit.value), label: unit.label }))}
        />
      </div>
      <TextAreaField
        label="Message"
        rows={3}
        hint="{member} becomes the member's username, {profile} the sender's, {city} the member's city."
        error={errors.text?.message}
        {...form.register("text")}
      />
      {text?.trim() ? (
        <p className="rounded-lg bg-cream-50 px-3 py-2 text-xs text-ink/80 ring-1 ring-velvet-100">
          <span className="font-semibold">Preview: </span>
          {fillTriggerText(text, SAMPLE)}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-2">
          <TextField
            label="Find a fictional profile"
            placeholder="Username starts with…"
            value={search}
            onChange={(change) => setSearch(change.target.value)}
          />
          <SelectField
            label="Sent by"
            error={errors.profile_uuid?.message}
            options={[{ value: "", label: "A random online profile the member is seeking" }, ...profileOptions]}
            {...form.register("profile_uuid", { setValueAs: (value: string | null) => value || null })}
          />
        </div>
        <div className="space-y-2">
          <TextField
            label="At most this often per member"
            type="number"
            min={1}
            disabled={event === "registered"}
            hint={
              event === "registered"
                ? "A registration happens once."
                : "Once per inactive spell, up to this many times."
            }
            error={errors.max_per_member?.message}
            {...form.register("max_per_member", { valueAsNumber: true })}
          />
          <CheckboxField label="Active" error={errors.active?.message} {...form.register("active")} />
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-outline px-4 py-2 text-sm" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={isSubmitting} className="btn-primary px-4 py-2 text-sm">
          {trigger ? "Save changes" : "Create trigger"}
        </button>
      </div>
    </form>
  );
}
