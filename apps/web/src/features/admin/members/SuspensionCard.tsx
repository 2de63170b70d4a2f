import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type TAdminMemberDetail, ZAdminSuspendRequestSchema } from "@velvet/shared/api/admin-members";
import { useId } from "react";
import { useServerForm } from "../../../lib/use-server-form";
import { toast } from "../../../ui/toast";
import {
  AdminField,
  adminDangerButtonClass,
  adminInputClass,
  adminSecondaryButtonClass,
  errorMessage,
  Panel,
} from "../admin-ui";
import { formatDateTime } from "../format";
import { memberKeys, suspendMember, unsuspendMember } from "./members-api";

/**
 * An admin's ban, apart from deactivation, which the member may undo: while suspended the account
 * cannot sign in, every session and live connection ends, and the profile disappears. Shows who did it, when
 * and why; lifting it restores everything but the sessions.
 */
export function SuspensionCard({ member }: { member: TAdminMemberDetail }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const form = useServerForm(ZAdminSuspendRequestSchema, { defaultValues: { reason: "" } });
  const done = (message: string) => {
    toast.success(message);
    form.reset({ reason: "" });
    void queryClient.invalidateQueries({ queryKey: memberKeys.detail(member.uuid) });
  };
  const suspend = useMutation({
    mutationFn: (reason: string) => suspendMember(member.uuid, { reason }),
    onSuccess: (updated) => done(`${updated.username} is suspended.`),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const lift = useMutation({
    mutationFn: () => unsuspendMember(member.uuid),
    onSuccess: (updated) => done(`${updated.username}'s suspension is lifted.`),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const { suspension } = member;
  const { errors } = form.formState;

  if (suspension) {
    return (
      <Panel title="Suspension">
        <div className="space-y-3 p-4 text-sm">
          <p className="text-muted">
            Suspended on {formatDateTime(suspension.suspended_at)} by{" "}
            <span className="font-semibold text-ink">{suspension.suspended_by?.username ?? "a former admin"}</span>.
          </p>
          <blockquote className="rounded-lg bg-rose-50 px-3 py-2 text-ink ring-1 ring-rose-200 break-words">
            {suspension.reason}
          </blockquote>
          <p className="text-xs text-muted">Lifting it lets them sign in again; their old sessions stay ended.</p>
          <button
            type="button"
            disabled={lift.isPending}
            onClick={() => lift.mutate()}
            className={`${adminSecondaryButtonClass} w-full`}
          >
            Lift suspension
          </button>
        </div>
      </Panel>
    );
  }
  return (
    <Panel title="Suspension">
      <form
        aria-label={`Suspend ${member.username}`}
        onSubmit={form.handleSubmit((values) => suspend.mutate(values.reason))}
        noValidate
        className="space-y-3 p-4 text-sm"
      >
        <p className="text-muted">
          Signs them out everywhere at once and hides the profile. They cannot sign in or undo it themselves.
        </p>
        <AdminField
          label="Reason"
          htmlFor={reasonId}
          error={errors.reason?.message}
          hint="3 to 500 characters, kept with the account and in the audit log."
        >
          <textarea
            id={reasonId}
            rows={3}
            maxLength={500}
            placeholder="e.g. Asked several members for money"
            className={adminInputClass}
            aria-invalid={errors.reason ? true : undefined}
            {...form.register("reason")}
          />
        </AdminField>
        <button type="submit" disabled={suspend.isPending} className={`${adminDangerButtonClass} w-full`}>
          Suspend account
        </button>
      </form>
    </Panel>
  );
}
