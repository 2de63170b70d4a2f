import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TAdminPendingPhoto } from "@velvet/shared/api/admin-members";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "../../../ui/toast";
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
import { approvePhoto, fetchPendingPhotos, fetchRecentPhotos, keepPhoto, photoKeys, rejectPhoto } from "./photos-api";
import { RejectPhotoDialog } from "./RejectPhotoDialog";

type Action = "approve" | "reject" | "keep" | "take_down";
interface Decision {
  photo: TAdminPendingPhoto;
  action: Action;
  reason?: string | undefined;
}

const done: Record<Action, (username: string) => string> = {
  approve: (username) => `The photo of ${username} is approved.`,
  reject: (username) => `The photo of ${username} is rejected; they have been emailed.`,
  keep: (username) => `The photo of ${username} stays up.`,
  take_down: (username) => `The photo of ${username} is taken down; they have been emailed.`,
};

function PhotoCard({
  photo,
  busy,
  live,
  onConfirm,
  onRefuse,
}: {
  photo: TAdminPendingPhoto;
  busy: boolean;
  /** Already public (auto-approved): the choice is keep or take down. */
  live: boolean;
  onConfirm(): void;
  onRefuse(): void;
}) {
  const who = photo.member.username;
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-velvet-100">
      <a href={photo.url} target="_blank" rel="noreferrer" className="block aspect-[4/5] bg-velvet-50">
        <img
          src={photo.url}
          alt={live ? `${who}, approved on upload` : `${who}, waiting for approval`}
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
            {who}
          </Link>
          <span className="text-xs text-muted">{formatDateTime(photo.uploaded_at)}</span>
        </div>
        <div className="mt-auto grid grid-cols-2 gap-2">
          <button
            type="button"
            disabled={busy}
            onClick={onConfirm}
            className={`${adminButtonClass} px-2`}
            aria-label={live ? `Keep the photo of ${who}` : `Approve the photo of ${who}`}
          >
            {live ? "Keep" : "Approve"}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={onRefuse}
            className={`${adminSecondaryButtonClass} px-2 text-danger`}
            aria-label={live ? `Take down the photo of ${who}` : `Reject the photo of ${who}`}
          >
            {live ? "Take down" : "Reject"}
          </button>
        </div>
      </div>
    </li>
  );
}

function PhotoGrid({
  photos,
  live,
  busyId,
  decide,
  refuse,
}: {
  photos: TAdminPendingPhoto[];
  live: boolean;
  busyId: string | undefined;
  decide(decision: Decision): void;
  refuse(photo: TAdminPendingPhoto): void;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {photos.map((photo) => (
        <PhotoCard
          key={photo.id}
          photo={photo}
          live={live}
          busy={busyId === photo.id}
          onConfirm={() => decide({ photo, action: live ? "keep" : "approve" })}
          onRefuse={() => refuse(photo)}
        />
      ))}
    </ul>
  );
}

/** Says how photos reach the site now, so the admin knows whether this page is a gate or a look back. */
function ModeNotice({ autoApprove }: { autoApprove: boolean }) {
  return (
    <div
      role="note"
      className={`rounded-2xl px-4 py-3 text-sm ring-1 ${autoApprove ? "bg-amber-50 text-amber-900 ring-amber-200" : "bg-velvet-50 text-velvet-900 ring-velvet-100"}`}
    >
      {autoApprove ? (
        <>
          <strong className="font-semibold">Photos are approved on upload</strong> (PHOTO_AUTO_APPROVE=1): members see
          them before anyone here does. Review the last 7 days’ photos below: keep each one, or take it down.
        </>
      ) : (
        <>
          <strong className="font-semibold">Photos wait for approval</strong> (PHOTO_AUTO_APPROVE=0): new photos stay
          private until approved here.
        </>
      )}
    </div>
  );
}

/**
 * /admin/photos. With PHOTO_AUTO_APPROVE=0, the waiting queue, oldest first; with 1, the recently
 * auto-approved photos to review after the fact, plus any photo still waiting from before.
 */
export default function PhotosSection() {
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState<{ photo: TAdminPendingPhoto; live: boolean } | null>(null);
  const pending = useQuery({ queryKey: photoKeys.pending, queryFn: fetchPendingPhotos });
  const autoApprove = pending.data?.meta.auto_approve ?? false;
  const recent = useQuery({ queryKey: photoKeys.recent, queryFn: fetchRecentPhotos, enabled: autoApprove });
  const mutation = useMutation({
    mutationFn: ({ photo, action, reason }: Decision) =>
      action === "approve"
        ? approvePhoto(photo.id)
        : action === "keep"
          ? keepPhoto(photo.id)
          : rejectPhoto(photo.id, { reason }),
    onSuccess: (_result, { photo, action }) => {
      setRefusing(null);
      toast.success(done[action](photo.member.username));
      // Decided photos leave the grid at once; the others stay where the admin's eyes are.
      const without = (photos: TAdminPendingPhoto[] | undefined) => photos?.filter((item) => item.id !== photo.id);
      queryClient.setQueryData<Awaited<ReturnType<typeof fetchPendingPhotos>>>(photoKeys.pending, (response) =>
        response ? { ...response, data: without(response.data) ?? [] } : response,
      );
      queryClient.setQueryData<TAdminPendingPhoto[]>(photoKeys.recent, without);
    },
    onError: (failure) => toast.error(errorMessage(failure)),
  });
  const busyId = mutation.isPending ? mutation.variables?.photo.id : undefined;
  const waiting = pending.data?.data;
  const grid = (photos: TAdminPendingPhoto[], live: boolean) => (
    <PhotoGrid
      photos={photos}
      live={live}
      busyId={busyId}
      decide={(decision) => mutation.mutate(decision)}
      refuse={(photo) => setRefusing({ photo, live })}
    />
  );

  return (
    <SectionPage>
      <SectionHeader
        title="Photos"
        description="A rejected or taken-down photo's owner is told by email, with your reason."
        actions={
          waiting ? (
            <span className="text-sm font-semibold text-velvet-800">
              {autoApprove && recent.data ? `${recent.data.length} to review · ` : ""}
              {waiting.length} waiting
            </span>
          ) : null
        }
      />
      {pending.data ? <ModeNotice autoApprove={autoApprove} /> : null}
      {autoApprove ? (
        <>
          <h2 className="font-sans text-xs font-bold tracking-wider text-velvet-900 uppercase">
            Approved on upload, last 7 days
          </h2>
          {!recent.data || recent.data.length === 0 ? (
            <Panel>
              <ListState
                loading={recent.isPending}
                error={recent.error}
                empty={recent.data?.length === 0}
                emptyText="Every recent photo has been reviewed. 🎉"
              />
            </Panel>
          ) : (
            grid(recent.data, true)
          )}
          {waiting && waiting.length > 0 ? (
            <>
              <h2 className="font-sans text-xs font-bold tracking-wider text-velvet-900 uppercase">
                Still waiting from before
              </h2>
              {grid(waiting, false)}
            </>
          ) : null}
        </>
      ) : !waiting || waiting.length === 0 ? (
        <Panel>
          <ListState
            loading={pending.isPending}
            error={pending.error}
            empty={waiting?.length === 0}
            emptyText="No photo is waiting. 🎉"
          />
        </Panel>
      ) : (
        grid(waiting, false)
      )}
      {refusing ? (
        <RejectPhotoDialog
          photo={refusing.photo}
          takeDown={refusing.live}
          busy={mutation.isPending}
          onReject={(reason) =>
            mutation.mutate({ photo: refusing.photo, action: refusing.live ? "take_down" : "reject", reason })
          }
          onClose={() => setRefusing(null)}
        />
      ) : null}
    </SectionPage>
  );
}
