import { useQuery } from "@tanstack/react-query";
import { ListState, Panel, Pill } from "../admin-ui";
import { formatCount, formatShortDateTime } from "../format";
import { fetchJobs, jobsKeys } from "./dashboard-api";

const REFRESH_MS = 60_000;

/** The dashboard's "Background jobs" panel: per kind, waiting / failed / done, and a scheduled kind's next run. */
export function JobsPanel() {
  const { data, isPending, error } = useQuery({
    queryKey: jobsKeys.jobs,
    queryFn: fetchJobs,
    refetchInterval: REFRESH_MS,
  });
  return (
    <Panel title="Background jobs">
      {!data || data.kinds.length === 0 ? (
        <ListState loading={isPending} error={error} empty={Boolean(data)} emptyText="No background jobs yet." />
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-[11px] tracking-wider text-muted uppercase">
            <tr>
              <th className="px-4 py-2 font-semibold">Kind</th>
              <th className="px-4 py-2 text-right font-semibold">Waiting</th>
              <th className="px-4 py-2 text-right font-semibold">Failed</th>
              <th className="px-4 py-2 text-right font-semibold">Done</th>
              <th className="px-4 py-2 text-right font-semibold">Next run</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-velvet-50">
            {data.kinds.map((row) => (
              <tr key={row.kind}>
                <td className="px-4 py-2 font-mono text-xs">{row.kind}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatCount(row.waiting)}</td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {row.failed > 0 ? <Pill tone="bad">{formatCount(row.failed)}</Pill> : "0"}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{formatCount(row.done)}</td>
                <td className="px-4 py-2 text-right text-muted">
                  {row.next_run_at ? formatShortDateTime(row.next_run_at) : "on demand"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
