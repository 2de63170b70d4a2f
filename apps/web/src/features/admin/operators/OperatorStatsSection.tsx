import { useQuery } from "@tanstack/react-query";
import type { TOperatorStats } from "@velvet/shared/api/operator";
import { useSearchParams } from "react-router";
import { formatWaiting, siteToday } from "../../operator";
import { FilterTabs, ListState, Panel, ScrollArea, SectionHeader, SectionPage } from "../admin-ui";
import { formatCount, formatDay } from "../format";
import { fetchOperatorStats, operatorStatsKeys } from "./operator-stats-api";
import { parseRangeDays, STATS_RANGE_DAYS, type StatsRangeDays, statsRange } from "./stats-range";

type StatsRow = TOperatorStats["operators"][number];

const rangeOptions = STATS_RANGE_DAYS.map((days) => ({
  value: String(days) as `${StatsRangeDays}`,
  label: days === 1 ? "Today" : `${days} days`,
}));

function medianText(seconds: number | null): string {
  return seconds == null ? "–" : formatWaiting(seconds);
}

/** One table shape for both views: per operator over the range, and per operator per day. */
function StatsTable({
  label,
  rows,
  withDay,
}: {
  label: string;
  rows: Array<StatsRow & { day?: string }>;
  withDay?: boolean;
}) {
  return (
    <ScrollArea label={label}>
      <table className="w-full min-w-[34rem] text-sm">
        <thead className="text-left text-[11px] tracking-wider text-muted uppercase">
          <tr>
            {withDay ? <th className="px-4 py-2 font-semibold">Day</th> : null}
            <th className="px-4 py-2 font-semibold">Operator</th>
            <th className="px-4 py-2 text-right font-semibold">Replies</th>
            <th className="px-4 py-2 text-right font-semibold">Active hours</th>
            <th className="px-4 py-2 text-right font-semibold">Replies / hour</th>
            <th className="px-4 py-2 text-right font-semibold">Median first reply</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-velvet-50">
          {rows.map((row) => (
            <tr key={`${row.day ?? ""}-${row.operator.uuid}`}>
              {withDay && row.day ? (
                <td className="px-4 py-2 whitespace-nowrap text-muted">{formatDay(row.day)}</td>
              ) : null}
              <td className="px-4 py-2 font-medium">{row.operator.username}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatCount(row.replies)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatCount(row.active_hours)}</td>
              <td className="px-4 py-2 text-right font-semibold tabular-nums">{row.replies_per_hour}</td>
              <td className="px-4 py-2 text-right tabular-nums">{medianText(row.median_first_response_seconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

/**
 * /admin/operators: how the operators answer: replies, replies per active hour and the
 * median first-response time, per operator over a range and per operator per day. The range lives in the
 * address (?days=), so a reload or a shared link shows the same figures.
 */
export default function OperatorStatsSection() {
  const [params, setParams] = useSearchParams();
  const days = parseRangeDays(params.get("days"));
  const { from, to } = statsRange(siteToday(), days);
  const { data, isPending, error } = useQuery({
    queryKey: operatorStatsKeys.range(from, to),
    queryFn: () => fetchOperatorStats(from, to),
    refetchInterval: 60_000,
  });
  const dayRows = data ? [...data.days].sort((a, b) => b.day.localeCompare(a.day) || b.replies - a.replies) : [];

  return (
    <SectionPage>
      <SectionHeader
        title="Operators"
        description={`Replies and first-response times ${from === to ? `on ${formatDay(to)}` : `from ${formatDay(from)} to ${formatDay(to)}`}, on the site's calendar.`}
        actions={
          <FilterTabs
            label="Range"
            options={rangeOptions}
            value={String(days) as `${StatsRangeDays}`}
            onChange={(value) => setParams({ days: value }, { replace: true })}
          />
        }
      />
      <Panel title="By operator">
        <ListState
          loading={isPending}
          error={error}
          empty={data?.operators.length === 0}
          emptyText="No operator has replied in this range."
        />
        {data && data.operators.length > 0 ? (
          <StatsTable label="Operators over the range" rows={data.operators} />
        ) : null}
      </Panel>
      {dayRows.length > 0 ? (
        <Panel title="By day">
          <StatsTable label="Operators per day" rows={dayRows} withDay />
        </Panel>
      ) : null}
    </SectionPage>
  );
}
