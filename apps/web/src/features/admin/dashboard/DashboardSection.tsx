import { useQuery } from "@tanstack/react-query";
import { formatWaiting } from "../../operator";
import { ListState, Panel, SectionHeader, SectionPage } from "../admin-ui";
import { formatCount, formatDay, formatMoney } from "../format";
import { dashboardKeys, fetchDashboard } from "./dashboard-api";
import { JobsPanel } from "./JobsPanel";
import { revenueByDay, revenueByPackage } from "./revenue";

/** The numbers are asked again this often while the dashboard is open (the queue moves by the minute). */
const REFRESH_MS = 60_000;

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-velvet-100">
      <dt className="truncate text-[11px] font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 font-display text-3xl font-semibold text-velvet-950 tabular-nums">{value}</dd>
      {note ? <dd className="mt-0.5 text-xs text-muted">{note}</dd> : null}
    </div>
  );
}

/** /admin: members, today's activity, the week's revenue and the operator queue at a glance. */
export default function DashboardSection() {
  const { data, isPending, error } = useQuery({
    queryKey: dashboardKeys.dashboard,
    queryFn: fetchDashboard,
    refetchInterval: REFRESH_MS,
  });
  const days = data ? revenueByDay(data.revenue) : [];
  const packages = data ? revenueByPackage(data.revenue) : [];
  const weekCents = days.reduce((total, day) => total + day.cents, 0);
  const bestDay = Math.max(1, ...days.map((day) => day.cents));

  return (
    <SectionPage>
      <SectionHeader title="Dashboard" description="Today is counted on the site's calendar. Refreshed every minute." />
      {!data ? (
        <Panel>
          <ListState loading={isPending} error={error} empty={false} emptyText="" />
        </Panel>
      ) : (
        <>
          <dl aria-label="Today" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
            <Stat label="Members" value={formatCount(data.members.total)} />
            <Stat label="Registered today" value={formatCount(data.members.registered_today)} />
            <Stat label="Active today" value={formatCount(data.members.active_today)} />
            <Stat label="Messages today" value={formatCount(data.messages_today)} />
            <Stat label="Waiting now" value={formatCount(data.queue.waiting)} note="in the operator queue" />
            <Stat
              label="Longest wait"
              value={data.queue.waiting > 0 ? formatWaiting(data.queue.longest_wait_seconds) : "–"}
            />
          </dl>

          <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Panel
              title="Revenue, last 7 days"
              actions={<span className="text-sm font-semibold">{formatMoney(weekCents)}</span>}
            >
              {days.length === 0 ? (
                <p className="px-4 py-6 text-sm text-muted">No paid payments in the last 7 days.</p>
              ) : (
                <ul className="space-y-2 px-4 py-4">
                  {days.map((day) => (
                    <li
                      key={day.day}
                      className="grid grid-cols-[5.5rem_minmax(0,1fr)_5.5rem] items-center gap-3 text-sm"
                    >
                      <span className="text-muted">{formatDay(day.day)}</span>
                      <span className="h-3 overflow-hidden rounded-pill bg-velvet-50">
                        <span
                          className="block h-full rounded-pill bg-gradient-to-r from-rose-500 to-velvet-500"
                          style={{ width: `${Math.max(2, (day.cents / bestDay) * 100)}%` }}
                        />
                      </span>
                      <span className="text-right font-semibold tabular-nums">{formatMoney(day.cents)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
            <Panel title="By package">
              {packages.length === 0 ? (
                <p className="px-4 py-6 text-sm text-muted">Nothing sold yet this week.</p>
              ) : (
                <table className="w-full text-sm">
                  <thead className="text-left text-[11px] tracking-wider text-muted uppercase">
                    <tr>
                      <th className="px-4 py-2 font-semibold">Package</th>
                      <th className="px-4 py-2 text-right font-semibold">Sold</th>
                      <th className="px-4 py-2 text-right font-semibold">Revenue</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-velvet-50">
                    {packages.map((item) => (
                      <tr key={item.packageName}>
                        <td className="px-4 py-2 font-medium">{item.packageName}</td>
                        <td className="px-4 py-2 text-right tabular-nums">{item.payments}</td>
                        <td className="px-4 py-2 text-right font-semibold tabular-nums">{formatMoney(item.cents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Panel>
          </div>
          <JobsPanel />
        </>
      )}
    </SectionPage>
  );
}
