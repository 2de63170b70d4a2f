import { useQuery } from "@tanstack/react-query";
import { reportStatuses, type TAdminReport, type TAdminReportStatus } from "@velvet/shared/api/admin-reports";
import { reportReasons } from "@velvet/shared/api/reports";
import { Link, useSearchParams } from "react-router";
import { FilterTabs, ListState, Pager, Panel, Pill, SectionHeader, SectionPage } from "../admin-ui";
import { formatDateTime } from "../format";
import { ReportUpdateForm } from "./ReportUpdateForm";
import { reportStatusLabels } from "./report-labels";
import { fetchReports, reportKeys } from "./reports-api";

const statusTones = { pending: "warn", under_review: "neutral", accepted: "good", rejected: "bad" } as const;

const reasonLabel = (key: string) => reportReasons.find((reason) => reason.key === key)?.label ?? key;

function Party({ party, fallback }: { party: TAdminReport["reporter"]; fallback: string }) {
  if (!party) return <span className="text-muted">{fallback}</span>;
  return (
    <Link to={`/admin/members/${party.uuid}`} className="font-semibold text-velvet-800 hover:underline">
      {party.username}
    </Link>
  );
}

function ReportCard({ report }: { report: TAdminReport }) {
  return (
    <li className="grid gap-4 px-4 py-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-velvet-950">{reasonLabel(report.reason)}</h2>
          <Pill tone={statusTones[report.status]}>{reportStatusLabels[report.status]}</Pill>
          {report.photo_id ? <Pill>One photo</Pill> : null}
          <span className="text-xs text-muted">
            #{report.id} · {formatDateTime(report.created_at)}
          </span>
        </div>
        <p className="text-sm">
          <Party party={report.reporter} fallback={report.reporter_email ?? "A guest"} />
          <span className="text-muted"> reported </span>
          <Party party={report.reported} fallback="no member" />
        </p>
        {report.details ? (
          <p className="rounded-lg bg-cream-50 px-3 py-2 text-sm whitespace-pre-line text-ink ring-1 ring-velvet-100">
            {report.details}
          </p>
        ) : null}
        {report.notes.length > 0 ? (
          <ul aria-label={`Notes on report ${report.id}`} className="space-y-1.5 border-l-2 border-velvet-200 pl-3">
            {report.notes.map((note) => (
              <li key={note.id} className="text-sm">
                <span className="whitespace-pre-line">{note.text}</span>
                <span className="block text-xs text-muted">
                  {note.author?.username ?? "An admin"} · {formatDateTime(note.created_at)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ReportUpdateForm report={report} />
    </li>
  );
}

function isStatus(value: string | null): value is TAdminReportStatus {
  return reportStatuses.includes(value as TAdminReportStatus);
}

/** /admin/reports: the reports members and guests filed, by status, each moved on with notes. */
export default function ReportsSection() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("status");
  const status = isStatus(requested) ? requested : "pending";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const query = { status, page };
  const { data, isPending, error } = useQuery({
    queryKey: reportKeys.list(query),
    queryFn: () => fetchReports(query),
    placeholderData: (previous) => previous,
  });
  return (
    <SectionPage>
      <SectionHeader title="Reports" description="Move each report through review; notes stay with it." />
      <FilterTabs
        label="Status"
        options={reportStatuses.map((value) => ({ value, label: reportStatusLabels[value] }))}
        value={status}
        onChange={(value) => setParams({ status: value })}
      />
      <Panel title={data ? `${reportStatusLabels[status]} (${data.meta.total})` : reportStatusLabels[status]}>
        <ListState
          loading={isPending}
          error={error}
          empty={data?.data.length === 0}
          emptyText={`No ${reportStatusLabels[status].toLowerCase()} report.`}
        />
        {data && data.data.length > 0 ? (
          <ul className="divide-y divide-velvet-100">
            {data.data.map((report) => (
              <ReportCard key={report.id} report={report} />
            ))}
          </ul>
        ) : null}
        {data ? (
          <Pager
            page={data.meta.current_page}
            lastPage={data.meta.last_page}
            onPage={(next) => setParams({ status, page: String(next) })}
          />
        ) : null}
      </Panel>
    </SectionPage>
  );
}
