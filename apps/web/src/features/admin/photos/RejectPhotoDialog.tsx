import { type TAdminPendingPhoto, ZAdminPhotoRejectRequestSchema } from "@velvet/shared/api/admin-members";
import { useId } from "react";
import { useServerForm } from "../../../lib/use-server-form";
import { Modal } from "../../../ui/Modal";
import { AdminField, adminDangerButtonClass, adminInputClass, adminSecondaryButtonClass } from "../admin-ui";

/**
 * Rejecting asks for a confirmation, and optionally the reason the member will read in the email. Taking down
 * an approved photo is the same decision after the fact: the photo becomes private again.
 */
export function RejectPhotoDialog({
  photo,
  busy,
  onReject,
  onClose,
  takeDown = false,
}: {
  photo: Pick<TAdminPendingPhoto, "url" | "member">;
  busy: boolean;
  onReject(reason: string | undefined): void;
  onClose(): void;
  takeDown?: boolean;
}) {
  const title = takeDown ? "Take down this photo?" : "Reject this photo?";
  const reasonId = useId();
  // The body itself may be absent (the schema defaults it to {}); the form always has one.
  const form = useServerForm(ZAdminPhotoRejectRequestSchema.unwrap(), { defaultValues: {} });
  const error = form.formState.errors.reason?.message;
  return (
    <Modal label={title} onClose={onClose}>
      <form onSubmit={form.handleSubmit((values) => onReject(values.reason))} noValidate className="space-y-4 p-6">
        <h2 className="font-display text-xl font-semibold text-velvet-950">{title}</h2>
        <img src={photo.url} alt="" className="mx-auto max-h-56 rounded-xl object-contain" />
        <p className="text-sm text-muted">
          {takeDown ? "It disappears from the site at once" : "It stays private"}, and {photo.member.username} is
          emailed that it did not meet the photo rules.
        </p>
        <AdminField label="Reason for the member (optional)" htmlFor={reasonId} error={error}>
          <textarea
            id={reasonId}
            rows={2}
            maxLength={300}
            placeholder="e.g. Your face is hidden behind the phone."
            className={adminInputClass}
            {...form.register("reason", { setValueAs: (value: string | undefined) => value?.trim() || undefined })}
          />
        </AdminField>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={adminSecondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={adminDangerButtonClass}>
            {takeDown ? "Take down photo" : "Reject photo"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
