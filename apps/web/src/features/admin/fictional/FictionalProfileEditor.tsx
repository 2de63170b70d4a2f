import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFictionalProfileDetail } from "@velvet/shared/api/admin-fictional";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../ui/toast";
import { FictionalProfileForm } from "./FictionalProfileForm";
import {
  deleteFictionalPhoto,
  fetchFictionalProfile,
  fictionalKeys,
  makePrimaryPhoto,
  saveOperators,
  saveSchedule,
  setProfileActive,
  updateFictionalProfile,
  uploadFictionalPhoto,
} from "./fictional-api";
import { OperatorsPicker } from "./OperatorsPicker";
import { PhotosPanel } from "./PhotosPanel";
import { SchedulePicker } from "./SchedulePicker";

const failed = (error: unknown) => toast.error(error instanceof ApiError ? error.message : "Something went wrong.");

/** One profile: its fields, schedule, operators, photos and whether it is active. */
export function FictionalProfileEditor({ uuid, onClose }: { uuid: string; onClose(): void }) {
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: fictionalKeys.detail(uuid), queryFn: () => fetchFictionalProfile(uuid) });
  // The answer is the whole profile: it replaces the cached one; the list refreshes its row.
  const settled = (updated: TFictionalProfileDetail) => {
    queryClient.setQueryData(fictionalKeys.detail(uuid), updated);
    void queryClient.invalidateQueries({ queryKey: ["admin", "fictional", "list"] });
  };
  const refetch = () => queryClient.invalidateQueries({ queryKey: fictionalKeys.all });

  const schedule = useMutation({
    mutationFn: (hours: number[]) => saveSchedule(uuid, hours),
    onSuccess: (updated) => {
      settled(updated);
      toast.success("Schedule saved");
    },
    onError: failed,
  });
  const operators = useMutation({
    mutationFn: (operatorUuids: string[]) => saveOperators(uuid, operatorUuids),
    onSuccess: (updated) => {
      settled(updated);
      toast.success("Operators saved");
    },
    onError: failed,
  });
  const photos = useMutation({
    mutationFn: async (action: { upload: File } | { primary: string } | { remove: string }): Promise<unknown> =>
      "upload" in action
        ? uploadFictionalPhoto(uuid, action.upload)
        : "primary" in action
          ? makePrimaryPhoto(uuid, action.primary)
          : deleteFictionalPhoto(uuid, action.remove),
    onSuccess: () => void refetch(),
    onError: failed,
  });
  const activity = useMutation({
    mutationFn: (active: boolean) => setProfileActive(uuid, active),
    onSuccess: () => void refetch(),
    onError: failed,
  });

  if (profile.isError) return <p className="text-sm text-danger">Could not load the profile.</p>;
  const data = profile.data;
  if (!data) return <p className="text-sm text-muted">Loading…</p>;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <img src={data.thumb_url} alt="" className="size-12 rounded-full object-cover" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-display text-lg font-semibold text-velvet-900">{data.username}</h3>
          <p className="text-xs text-muted">
            {data.conversations_count} conversations · {data.waiting_count} waiting
            {data.deactivated_at ? " · deactivated" : ""}
          </p>
        </div>
        <button
          type="button"
          className="btn-outline px-3 py-1 text-xs"
          disabled={activity.isPending}
          onClick={() => activity.mutate(data.deactivated_at !== null)}
        >
          {data.deactivated_at ? "Reactivate" : "Deactivate"}
        </button>
        <button type="button" className="btn-outline px-3 py-1 text-xs" onClick={onClose}>
          Close
        </button>
      </div>
      <FictionalProfileForm
        key={data.uuid}
        profile={data}
        onSave={async (values) => {
          settled(await updateFictionalProfile(uuid, values));
          toast.success("Profile saved");
        }}
      />
      <SchedulePicker
        key={`hours-${data.online_hours.join(",")}`}
        initial={data.online_hours}
        saving={schedule.isPending}
        onSave={(hours) => schedule.mutate(hours)}
      />
      <OperatorsPicker
        key={`operators-${data.operators.map((operator) => operator.uuid).join(",")}`}
        assigned={data.operators}
        saving={operators.isPending}
        onSave={(uuids) => operators.mutate(uuids)}
      />
      <PhotosPanel
        photos={data.photos}
        busy={photos.isPending}
        onUpload={(file) => photos.mutate({ upload: file })}
        onMakePrimary={(photoUuid) => photos.mutate({ primary: photoUuid })}
        onDelete={(photoUuid) => photos.mutate({ remove: photoUuid })}
      />
    </div>
  );
}
