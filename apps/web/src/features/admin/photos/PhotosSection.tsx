import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TAdminPendingPhoto } from "@velvet/shared/api/admin-members";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  adminButtonClass,
  adminSecondaryButtonClass,
  errorMessage,
  ListState,
  Panel,
  SectionHeader,
  SectionPage,
} from "../admin-ui";
import { formatDateTime } from "../format";
import { approvePhoto, fetchPendingPhotos, photoKeys, rejectPhoto } from "./photos-api";
import { RejectPhotoDialog } from "./RejectPhotoDialog";

interface Decision {
  photo: TAdminPendingPhoto;
  decision: "approve" | "reject";
  reason?: string | undefined;
}

function PhotoCard({
  photo,
  busy,
  onApprove,
  onReject,
}: {
  photo: TAdminPendingPhoto;
  busy: boolean;
  onApprove(): void;
  onReject(): void;
}) {
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-velvet-100">
      <a href={photo.url} target="_blank" rel="noreferrer" className="block aspect-[4/5] bg-velvet-50">
        <img
          src={photo.url}
          alt={`${photo.member.username}, waiting for approval`}
          loading="lazy"
          className="size-full object-cover"
        />
      </a>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="min-w-0 text-sm">
          <Link
            to={`/admin/members/${photo.member.uuid}`}
            className="block truncate font-semibold text-velvet-900 hover:underline"
          >
            {photo.member.username}
          </Link>
          <span className="text-xs text-muted">{formatDateTime(photo.uploaded_at)}</span>
        </div>
        <div className="mt-auto grid grid-cols-2 gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={onApprove}
            className={`${adminButtonClass} px-2`}
            aria-label={`Approve the photo of ${photo.member.username}`}
          >
            Approve
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={onReject}
            className={`${adminSecondaryButtonClass} px-2 text-danger`}
            aria-label={`Reject the photo of ${photo.member.username}`}
          >
            Reject
          </button>
        </div>
      </div>
    </li>
  );
}

/** /admin/photos: photos waiting for a decision, oldest first. Approved ones go public; rejected ones stay private. */
export default function PhotosSection() {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<TAdminPendingPhoto | null>(null);
  const { data, isPending, error } = useQuery({ queryKey: photoKeys.pending, queryFn: fetchPendingPhotos });
  const mutation = useMutation({
    mutationFn: ({ photo, decision, reason }: Decision) =>
      decision === "approve" ? approvePhoto(photo.id) : rejectPhoto(photo.id, { reason }),
    onSuccess: (result, { photo }) => {
      setRejecting(null);
      toast.success(
        result.status === "approved"
          ? `The photo of ${photo.member.username} is approved.`
          : `The photo of ${photo.member.username} is rejected; they have been emailed.`,
      );
      // Decided photos leave the grid at once; the others stay where the admin's eyes are.
      queryClient.setQueryData<TAdminPendingPhoto[]>(photoKeys.pending, (photos) =>
        photos?.filter((item) => item.id !== photo.id),
      );
    },
    onError: (failure) => toast.error(errorMessage(failure)),
  });
  const busyId = mutation.isPending ? mutation.variables?.photo.id : undefined;

  return (
    <SectionPage>
      <SectionHeader
        title="Photos"
        description="New photos stay private until approved. A rejected photo's owner is told by email, with your reason."
        actions={data ? <span className="text-sm font-semibold text-velvet-800">{data.length} waiting</span> : null}
      />
      {!data || data.length === 0 ? (
        <Panel>
          <ListState loading={isPending} error={error} empty={data?.length === 0} emptyText="No photo is waiting. 🎉" />
        </Panel>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {data.map((photo) => (
            <PhotoCard
              key={photo.id}
              photo={photo}
              busy={busyId === photo.id}
              onApprove={() => mutation.mutate({ photo, decision: "approve" })}
              onReject={() => setRejecting(photo)}
            />
          ))}
        </ul>
      )}
      {rejecting ? (
        <RejectPhotoDialog
          photo={rejecting}
          busy={mutation.isPending}
          onReject={(reason) => mutation.mutate({ photo: rejecting, decision: "reject", reason })}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </SectionPage>
  );
}
