import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAdminMemberDetail } from "@velvet/shared/api/admin-members";
import { useState } from "react";
import { Modal } from "../../../ui/Modal";
import { toast } from "../../../ui/toast";
import {
  adminButtonClass,
  adminDangerButtonClass,
  adminSecondaryButtonClass,
  errorMessage,
  Panel,
  Pill,
} from "../admin-ui";
import { formatShortDateTime } from "../format";
import { approvePhoto, photoKeys, rejectPhoto, removePhoto } from "../photos/photos-api";
import { RejectPhotoDialog } from "../photos/RejectPhotoDialog";
import { memberKeys } from "./members-api";

type Photo = TAdminMemberDetail["photos"][number];
type Action = { photo: Photo; action: "approve" | "reject" | "remove"; reason?: string | undefined };

const statusTone = { approved: "good", pending: "warn", rejected: "bad" } as const;
const doneText = { approve: "approved", reject: "rejected; they have been emailed", remove: "removed" } as const;

/**
 * Every photo of the member, whatever its status: approve or reject a waiting one, take down an
 * approved one (same dialog, emailed), or remove any for good after a confirmation.
 */
export function MemberPhotos({ member }: { member: TAdminMemberDetail }) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<Photo | null>(null);
  const [removing, setRemoving] = useState<Photo | null>(null);
  const mutation = useMutation({
    mutationFn: ({ photo, action, reason }: Action): Promise<unknown> =>
      action === "approve"
        ? approvePhoto(photo.id)
        : action === "reject"
          ? rejectPhoto(photo.id, { reason })
          : removePhoto(photo.id),
    onSuccess: (_result, { action }) => {
      setRejecting(null);
      setRemoving(null);
      toast.success(`The photo is ${doneText[action]}.`);
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(member.uuid) });
      void queryClient.invalidateQueries({ queryKey: photoKeys.pending });
      void queryClient.invalidateQueries({ queryKey: photoKeys.recent });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const busy = (photo: Photo) => mutation.isPending && mutation.variables?.photo.id === photo.id;
  const small = "px-2 py-1.5 text-xs";

  return (
    <Panel title="Photos" actions={<span className="text-xs text-muted">{member.photos.length} in all</span>}>
      {member.photos.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">No photo uploaded.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-3">
          {member.photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col overflow-hidden rounded-xl ring-1 ring-velvet-100">
              <a
                href={photo.urls.large}
                target="_blank"
                rel="noreferrer"
                className="relative block aspect-[4/5] bg-velvet-50"
              >
                <img
                  src={photo.urls.medium}
                  alt={`${member.username}, number ${index + 1}, ${photo.status}`}
                  loading="lazy"
                  className="size-full object-cover"
                />
                <span className="absolute top-2 left-2 flex gap-1">
                  <Pill tone={statusTone[photo.status]}>{photo.status}</Pill>
                  {photo.is_primary ? <Pill>main</Pill> : null}
                </span>
              </a>
              <div className="space-y-2 p-2">
                <p className="text-[11px] text-muted">{formatShortDateTime(photo.uploaded_at)}</p>
                <div className="grid gap-1.5">
                  {photo.status === "pending" ? (
                    <button
                      type="button"
                      disabled={busy(photo)}
                      onClick={() => mutation.mutate({ photo, action: "approve" })}
                      className={`${adminButtonClass} ${small}`}
                      aria-label={`Approve photo ${index + 1}`}
                    >
                      Approve
                    </button>
                  ) : null}
                  {photo.status !== "rejected" ? (
                    <button
                      type="button"
                      disabled={busy(photo)}
                      onClick={() => setRejecting(photo)}
                      className={`${adminSecondaryButtonClass} ${small} text-danger`}
                      aria-label={`${photo.status === "approved" ? "Take down" : "Reject"} photo ${index + 1}`}
                    >
                      {photo.status === "approved" ? "Take down" : "Reject"}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    disabled={busy(photo)}
                    onClick={() => setRemoving(photo)}
                    className={`${adminSecondaryButtonClass} ${small}`}
                    aria-label={`Remove photo ${index + 1}`}
                  >
                    Remove
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {rejecting ? (
        <RejectPhotoDialog
          photo={{ url: rejecting.urls.medium, member: { uuid: member.uuid, username: member.username } }}
          takeDown={rejecting.status === "approved"}
          busy={mutation.isPending}
          onReject={(reason) => mutation.mutate({ photo: rejecting, action: "reject", reason })}
          onClose={() => setRejecting(null)}
        />
      ) : null}
      {removing ? (
        <Modal label="Remove this photo?" onClose={() => setRemoving(null)}>
          <div className="space-y-4 p-6">
            <h2 className="font-display text-xl font-semibold text-velvet-950">Remove this photo?</h2>
            <img src={removing.urls.medium} alt="" className="mx-auto max-h-56 rounded-xl object-contain" />
            <p className="text-sm text-muted">
              The photo and its files are deleted for good; {member.username} is not emailed. To tell them why, take it
              down instead.
            </p>
            <div className="flex justify-end gap-2">
              <button type="button" onClick={() => setRemoving(null)} className={adminSecondaryButtonClass}>
                Cancel
              </button>
              <button
                type="button"
                disabled={mutation.isPending}
                onClick={() => mutation.mutate({ photo: removing, action: "remove" })}
                className={adminDangerButtonClass}
              >
                Remove photo
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </Panel>
  );
}
