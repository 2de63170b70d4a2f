import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  reportStatuses,
  type TAdminReport,
  type TAdminReportUpdateRequest,
  ZAdminReportUpdateRequestSchema,
} from "@velvet/shared/api/admin-reports";
import { useId } from "react";
import { useServerForm } from "../../../lib/use-server-form";
import { toast } from "../../../ui/toast";
import { AdminField, adminButtonClass, adminInputClass, errorMessage } from "../admin-ui";
import { reportStatusLabels } from "./report-labels";
import { reportKeys, updateReport } from "./reports-api";

/** A new status, a note, or both: the report leaves this list when its status changes. */
export function ReportUpdateForm({ report }: { report: TAdminReport }) {
  const queryClient = useQueryClient();
  const ids = { status: useId(), note: useId() };
  const form = useServerForm(ZAdminReportUpdateRequestSchema, { defaultValues: {} });
  const mutation = useMutation({
    mutationFn: (body: TAdminReportUpdateRequest) => updateReport(report.id, body),
    onSuccess: (updated) => {
      form.reset({});
      toast.success(
        updated.status === report.status
          ? `Note added to report #${report.id}.`
          : `Report #${report.id} is now ${reportStatusLabels[updated.status].toLowerCase()}.`,
      );
      // Every status list may change (it left one and joined another): only the reports' lists are asked again.
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const { errors } = form.formState;
  return (
    <form
      aria-label={`Update report ${report.id}`}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      noValidate
      className="space-y-2 rounded-xl bg-cream-50 p-3 ring-1 ring-velvet-100"
    >
      <AdminField label="Move to" htmlFor={ids.status} error={errors.status?.message}>
        <select
          id={ids.status}
          className={adminInputClass}
          {...form.register("status", { setValueAs: (value: string | undefined) => value || undefined })}
        >
          <option value="">Keep {reportStatusLabels[report.status].toLowerCase()}</option>
          {reportStatuses
            .filter((status) => status !== report.status)
            .map((status) => (
              <option key={status} value={status}>
                {reportStatusLabels[status]}
              </option>
            ))}
        </select>
      </AdminField>
      <AdminField label="Note" htmlFor={ids.note} error={errors.note?.message}>
        <textarea
          id={ids.note}
          rows={2}
          maxLength={2000}
          placeholder="What you found or decided"
          className={adminInputClass}
          {...form.register("note", { setValueAs: (value: string | undefined) => value?.trim() || undefined })}
        />
      </AdminField>
      <button type="submit" disabled={mutation.isPending} className={`${adminButtonClass} w-full`}>
        Save
      </button>
    </form>
  );
}
