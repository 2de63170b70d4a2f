import type { TAdminMemberDetail } from "@velvet/shared/api/admin-members";
import { Link } from "react-router";
import { Panel, Pill, ScrollArea } from "../admin-ui";
import { formatCount, formatShortDateTime } from "../format";

const th = "px-4 py-2 font-semibold whitespace-nowrap";
const td = "px-4 py-2 align-top";

/** "admin_adjustment" -> "Admin adjustment". */
function reasonLabel(reason: string): string {
  const words = reason.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function LedgerTable({ rows }: { rows: TAdminMemberDetail["ledger"] }) {
  return (
    <Panel title="Credit ledger" actions={<span className="text-xs text-muted">latest 50</span>}>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">No credit has moved yet.</p>
      ) : (
        <ScrollArea label="Credit ledger rows">
          <table className="w-full min-w-[30rem] text-sm">
            <thead className="bg-cream-50 text-left text-[11px] tracking-wider text-muted uppercase">
              <tr>
                <th className={th}>When</th>
                <th className={th}>Reason</th>
                <th className={th}>Note</th>
                <th className={`${th} text-right`}>Amount</th>
                <th className={`${th} text-right`}>Balance</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-velvet-50">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className={`${td} whitespace-nowrap text-muted`}>{formatShortDateTime(row.created_at)}</td>
                  <td className={`${td} font-medium`}>{reasonLabel(row.reason)}</td>
                  <td className={`${td} max-w-[16rem] break-words text-muted`} title={row.reference}>
                    {row.note ?? row.reference}
                  </td>
                  <td
                    className={`${td} text-right font-semibold tabular-nums ${row.amount < 0 ? "text-danger" : "text-success"}`}
                  >
                    {row.amount > 0 ? "+" : ""}
                    {formatCount(row.amount)}
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{formatCount(row.balance_after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </Panel>
  );
}

const reportTone = (status: string) =>
  status === "accepted" ? "bad" : status === "rejected" ? "neutral" : status === "pending" ? "warn" : "neutral";

/**
 * The reports against the member, or those they filed (two lists, so a member who files many
 * reports never pushes the ones about them out of sight), each linking to its status list.
 */
export function ReportsTable({ rows, side }: { rows: TAdminMemberDetail["reports_against"]; side: "against" | "by" }) {
  const against = side === "against";
  return (
    <Panel
      title={against ? "Reports against them" : "Reports by them"}
      actions={<span className="text-xs text-muted">latest 20</span>}
    >
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">
          {against ? "Nobody has reported this member." : "This member has not reported anyone."}
        </p>
      ) : (
        <ul className="divide-y divide-velvet-50">
          {rows.map((row) => {
            const other = against ? row.reporter : row.reported;
            return (
              <li key={row.id} className="space-y-1 px-4 py-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{reasonLabel(row.reason)}</span>
                  <span className="text-muted">
                    {against ? "by " : "about "}
                    {other ? (
                      <Link to={`/admin/members/${other.uuid}`} className="font-medium text-velvet-700 hover:underline">
                        {other.username}
                      </Link>
                    ) : (
                      (row.reporter_email ?? "a guest")
                    )}
                  </span>
                  <Link
                    to={`/admin/reports?status=${row.status}`}
                    className="ml-auto rounded-pill focus-visible:outline-2 focus-visible:outline-rose-500"
                  >
                    <Pill tone={reportTone(row.status)}>{row.status.replace("_", " ")}</Pill>
                  </Link>
                </div>
                {row.details ? <p className="text-ink/80">{row.details}</p> : null}
                <p className="text-xs text-muted">{formatShortDateTime(row.created_at)}</p>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
