import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ZMemberFeaturesRequestSchema } from "@velvet/shared/api/notifications";
import { useId } from "react";
import { useServerForm } from "../../../lib/use-server-form";
import { toast } from "../../../ui/toast";
import { AdminField, adminInputClass, adminSecondaryButtonClass, errorMessage, Panel } from "../admin-ui";
import { memberKeys, setFeatures } from "./members-api";

/** The two flags of spec §3 an admin sets per member: the notification menu and the promo badge variant. */
export function FeatureFlagsForm({ uuid, features }: { uuid: string; features: Record<string, string | boolean> }) {
  const queryClient = useQueryClient();
  const badgeId = useId();
  const promoBadge = features.promoBadge === "v1" || features.promoBadge === "v2" ? features.promoBadge : null;
  const form = useServerForm(ZMemberFeaturesRequestSchema, {
    values: { muteUserNotifications: features.muteUserNotifications === true, promoBadge },
  });
  const mutation = useMutation({
    mutationFn: (values: Parameters<typeof setFeatures>[1]) => setFeatures(uuid, values),
    onSuccess: () => {
      toast.success("Feature flags saved.");
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(uuid) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Panel title="Feature flags">
      <form onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="space-y-3 p-4">
        <label className="flex items-start gap-2.5 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-velvet-700"
            {...form.register("muteUserNotifications")}
          />
          <span>
            <span className="block font-semibold text-velvet-900">Notification menu</span>
            <span className="block text-xs text-muted">
              muteUserNotifications: delete and mute on each notification
            </span>
          </span>
        </label>
        <AdminField
          label="Promo badge"
          htmlFor={badgeId}
          hint="promoBadge: v1 shows the running offer's badge (e.g. −40%)."
        >
          <select
            id={badgeId}
            className={adminInputClass}
            {...form.register("promoBadge", { setValueAs: (value: string | null) => value || null })}
          >
            <option value="">None</option>
            <option value="v1">v1</option>
            <option value="v2">v2</option>
          </select>
        </AdminField>
        <button
          type="submit"
          disabled={mutation.isPending || !form.formState.isDirty}
          className={`${adminSecondaryButtonClass} w-full`}
        >
          Save flags
        </button>
      </form>
    </Panel>
  );
}
