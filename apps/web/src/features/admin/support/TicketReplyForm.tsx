import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type TAdminSupportReplyRequest,
  type TAdminSupportTicket,
  ZAdminSupportReplyRequestSchema,
} from "@velvet/shared/api/support";
import { useId } from "react";
import { useServerForm } from "../../../lib/use-server-form";
import { toast } from "../../../ui/toast";
import { AdminField, adminButtonClass, adminInputClass, errorMessage } from "../admin-ui";
import { replyToTicket, ticketKeys } from "./support-api";

/** An answer by email to the ticket's address; kept and queued at once, the server retries while mail is down. */
export function TicketReplyForm({ ticket, onDone }: { ticket: TAdminSupportTicket; onDone(): void }) {
  const queryClient = useQueryClient();
  const messageId = useId();
  const form = useServerForm(ZAdminSupportReplyRequestSchema, { defaultValues: { message: "", close: false } });
  const mutation = useMutation({
    mutationFn: (body: TAdminSupportReplyRequest) => replyToTicket(ticket.uuid, body),
    onSuccess: () => {
      toast.success(`Reply saved and on its way to ${ticket.email}.`);
      form.reset({ message: "", close: false });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
      onDone();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const { errors } = form.formState;
  return (
    <form
      aria-label={`Reply to ${ticket.reference}`}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      noValidate
      className="space-y-2 rounded-xl bg-cream-50 p-3 ring-1 ring-velvet-100"
    >
      <AdminField label={`Reply to ${ticket.email}`} htmlFor={messageId} error={errors.message?.message}>
        <textarea id={messageId} rows={5} className={adminInputClass} {...form.register("message")} />
      </AdminField>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-velvet-700" {...form.register("close")} />
          Close the ticket too
        </label>
        <button type="submit" disabled={mutation.isPending} className={adminButtonClass}>
          Send reply
        </button>
      </div>
    </form>
  );
}
