import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { supportCategoryLabels, type TAdminSupportTicket } from "@velvet/shared/api/support";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "../../../ui/toast";
import {
  adminSecondaryButtonClass,
  errorMessage,
  FilterTabs,
  ListState,
  Pager,
  Panel,
  Pill,
  SectionHeader,
  SectionPage,
} from "../admin-ui";
import { formatDateTime } from "../format";
import { closeTicket, fetchTickets, ticketKeys } from "./support-api";
import { TicketReplyForm } from "./TicketReplyForm";

type StatusFilter = "open" | "closed" | "all";
const filters: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
  { value: "all", label: "All" },
];

function TicketCard({ ticket }: { ticket: TAdminSupportTicket }) {
  const queryClient = useQueryClient();
  const [replying, setReplying] = useState(false);
  const close = useMutation({
    mutationFn: () => closeTicket(ticket.uuid),
    onSuccess: () => {
      toast.success(`${ticket.reference} is closed.`);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const open = ticket.status === "open";
  return (
    <li className="space-y-2 px-4 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 font-semibold text-velvet-950">{ticket.subject}</h2>
        <Pill tone={open ? "warn" : "good"}>{open ? "Open" : "Closed"}</Pill>
        <Pill>{supportCategoryLabels[ticket.category]}</Pill>
      </div>
      <p className="text-xs text-muted">
        <span className="font-mono">{ticket.reference}</span> · {formatDateTime(ticket.created_at)} · from{" "}
        {ticket.member ? (
          <Link to={`/admin/members/${ticket.member.uuid}`} className="font-semibold text-velvet-800 hover:underline">
            {ticket.member.username}
          </Link>
        ) : (
          (ticket.name ?? "a guest")
        )}{" "}
        &lt;{ticket.email}&gt; via /{ticket.source}
        {ticket.closed_at ? ` · closed ${formatDateTime(ticket.closed_at)}` : ""}
      </p>
      <p className="max-w-3xl rounded-lg bg-cream-50 px-3 py-2 text-sm whitespace-pre-line ring-1 ring-velvet-100">
        {ticket.message}
      </p>
      {replying ? (
        <div className="max-w-3xl">
          <TicketReplyForm ticket={ticket} onDone={() => setReplying(false)} />
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => setReplying(true)} className={adminSecondaryButtonClass}>
            Reply
          </button>
          {open ? (
            <button
              type="button"
              disabled={close.isPending}
              onClick={() => close.mutate()}
              className={adminSecondaryButtonClass}
            >
              Close ticket
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}

/** /admin/support: the tickets from the contact forms, newest first; answered by email, then closed. */
export default function SupportSection() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("status");
  const filter: StatusFilter = requested === "closed" || requested === "all" ? requested : "open";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const query = { status: filter === "all" ? undefined : filter, page };
  const { data, isPending, error } = useQuery({
    queryKey: ticketKeys.list(query),
    queryFn: () => fetchTickets(query),
    placeholderData: (previous) => previous,
  });
  return (
    <SectionPage>
      <SectionHeader title="Support" description="Replies go by email to the address on the ticket." />
      <FilterTabs label="Status" options={filters} value={filter} onChange={(value) => setParams({ status: value })} />
      <Panel title={data ? `Tickets (${data.meta.total})` : "Tickets"}>
        <ListState loading={isPending} error={error} empty={data?.data.length === 0} emptyText="No ticket here." />
        {data && data.data.length > 0 ? (
          <ul className="divide-y divide-velvet-100">
            {data.data.map((ticket) => (
              <TicketCard key={ticket.uuid} ticket={ticket} />
            ))}
          </ul>
        ) : null}
        {data ? (
          <Pager
            page={data.meta.current_page}
            lastPage={data.meta.last_page}
            onPage={(next) => setParams({ status: filter, page: String(next) })}
          />
        ) : null}
      </Panel>
    </SectionPage>
  );
}
