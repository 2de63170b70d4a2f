import { type TAdminPendingPhoto, ZAdminPhotoRejectRequestSchema } from "@velvet/shared/api/admin-members";
import { useId } from "react";
import { useServerForm } from "../../../lib/use-server-form";
import { Modal } from "../../../ui/Modal";
import { AdminField, adminDangerButtonClass, adminInputClass, adminSecondaryButtonClass } from "../admin-ui";

/** Rejecting asks for a confirmation, and optionally the reason the member will read in the email. */
export function RejectPhotoDialog({
  photo,
  busy,
  onReject,
  onClose,
}: {
  photo: TAdminPendingPhoto;
  busy: boolean;
  onReject(reason: string | undefined): void;
  onClose(): void;
}) {
  const reasonId = useId();
  // The body itself may be absent (the schema defaults it to {}); the form always has one.
  const form = useServerForm(ZAdminPhotoRejectRequestSchema.unwrap(), { defaultValues: {} });
  const error = form.formState.errors.reason?.message;
  return (
    <Modal label="Reject this photo?" onClose={onClose}>
      <form onSubmit={form.handleSubmit((values) => onReject(values.reason))} noValidate className="space-y-4 p-6">
        <h2 className="font-display text-xl font-semibold text-velvet-950">Reject this photo?</h2>
        <img src={photo.url} alt="" className="mx-auto max-h-56 rounded-xl object-contain" />
        <p className="text-sm text-muted">
          It stays private, and {photo.member.username} is emailed that it did not meet the photo rules.
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
            Reject photo
          </button>
        </div>
      </form>
    </Modal>
  );
}
