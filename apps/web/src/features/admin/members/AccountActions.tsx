import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAdminMemberDetail } from "@velvet/shared/api/admin-members";
import { useState } from "react";
import { Modal } from "../../../ui/Modal";
import { toast } from "../../../ui/toast";
import {
  adminButtonClass,
  adminDangerButtonClass,
  adminInputClass,
  adminSecondaryButtonClass,
  errorMessage,
  Panel,
} from "../admin-ui";
import { formatDateTime } from "../format";
import { issueImpersonation, memberKeys, setDeactivated } from "./members-api";

/** Deactivate (after a confirmation: the member is confined to /deactivated at once) or reactivate. */
export function AccountStatusCard({ member }: { member: TAdminMemberDetail }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: (deactivated: boolean) => setDeactivated(member.uuid, deactivated),
    onSuccess: (updated) => {
      setConfirming(false);
      toast.success(
        updated.deactivated_at ? `${updated.username} is deactivated.` : `${updated.username} is active again.`,
      );
      void queryClient.invalidateQueries({ queryKey: memberKeys.detail(member.uuid) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const deactivated = member.deactivated_at !== null;
  return (
    <Panel title="Account status">
      <div className="space-y-3 p-4 text-sm">
        {deactivated ? (
          <>
            <p className="text-muted">
              Deactivated on {formatDateTime(member.deactivated_at ?? member.created_at)}. The member only sees the
              deactivated page.
            </p>
            <button
              type="button"
              disabled={mutation.isPending}
              onClick={() => mutation.mutate(false)}
              className={`${adminButtonClass} w-full`}
            >
              Reactivate account
            </button>
          </>
        ) : (
          <>
            <p className="text-muted">
              Active. Deactivating confines the member to the deactivated page at once; they can undo it themselves. To
              ban, suspend instead.
            </p>
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className={`${adminSecondaryButtonClass} w-full text-danger`}
            >
              Deactivate account…
            </button>
          </>
        )}
      </div>
      {confirming ? (
        <Modal label={`Deactivate ${member.username}?`} onClose={() => setConfirming(false)}>
          <div className="space-y-4 p-6">
            <h2 className="font-display text-xl font-semibold text-velvet-950">Deactivate {member.username}?</h2>
            <p className="text-sm text-muted">
              They will be confined to the deactivated page until an admin reactivates the account. Their credits,
              messages and payments are kept.
            </p>
            <div className="flex justify-end gap-2">
              <button type="button" onClick={() => setConfirming(false)} className={adminSecondaryButtonClass}>
                Cancel
              </button>
              <button
                type="button"
                disabled={mutation.isPending}
                onClick={() => mutation.mutate(true)}
                className={adminDangerButtonClass}
              >
                Deactivate
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </Panel>
  );
}

/**
 * A single-use link that signs whoever opens it in as the member; shown once, never stored here. Refused (with
 * the reason) for accounts the server never impersonates: staff, fictional profiles, suspended or deleted ones.
 */
export function ImpersonationCard({
  uuid,
  username,
  refusal = null,
}: {
  uuid: string;
  username: string;
  refusal?: string | null;
}) {
  const [copied, setCopied] = useState(false);
  const mutation = useMutation({
    mutationFn: () => issueImpersonation(uuid),
    onSuccess: () => setCopied(false),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const grant = mutation.data;
  const copy = async () => {
    if (!grant) return;
    try {
      await navigator.clipboard.writeText(grant.url);
      setCopied(true);
    } catch {
      toast.error("The browser did not allow copying. Select the link and copy it by hand.");
    }
  };
  return (
    <Panel title="Impersonation">
      <div className="space-y-3 p-4 text-sm">
        {refusal ? (
          <p className="text-muted">{refusal}</p>
        ) : grant ? (
          <>
            <label className="block">
              <span className="mb-1 block text-xs font-semibold text-velvet-900">Link to sign in as {username}</span>
              <input
                readOnly
                value={grant.url}
                onFocus={(event) => event.currentTarget.select()}
                className={`${adminInputClass} font-mono text-xs`}
              />
            </label>
            <p className="text-xs text-muted">
              Works once, until {formatDateTime(grant.expires_at)}. It is shown only now: open it in a private window.
            </p>
            <button type="button" onClick={() => void copy()} className={`${adminButtonClass} w-full`}>
              {copied ? "Copied" : "Copy link"}
            </button>
          </>
        ) : (
          <>
            <p className="text-muted">See the site as {username} does, to check what they report. Audited.</p>
            <button
              type="button"
              disabled={mutation.isPending}
              onClick={() => mutation.mutate()}
              className={`${adminSecondaryButtonClass} w-full`}
            >
              Issue impersonation link
            </button>
          </>
        )}
      </div>
    </Panel>
  );
}
