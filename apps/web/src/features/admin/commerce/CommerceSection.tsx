import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { adminSecondaryButtonClass, ListState, Panel, Pill, ScrollArea, SectionHeader, SectionPage } from "../admin-ui";
import { formatCount, formatMoney } from "../format";
import { commerceKeys, fetchMessagePrices, fetchPackages } from "./commerce-api";
import { MessagePriceRow } from "./MessagePriceRow";
import { PackageEditor } from "./PackageEditor";

const th = "px-4 py-2 font-semibold whitespace-nowrap";

/** /admin/commerce: what each message type costs, and the credit packages, passes and VIP offers on sale. */
export default function CommerceSection() {
  const [editing, setEditing] = useState<number | null>(null);
  const prices = useQuery({ queryKey: commerceKeys.prices, queryFn: fetchMessagePrices });
  const packages = useQuery({ queryKey: commerceKeys.packages, queryFn: fetchPackages });
  return (
    <SectionPage>
      <SectionHeader title="Commerce" description="A new price applies from the next message or payment." />
      <div className="grid items-start gap-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <Panel title="Message prices">
          <ListState
            loading={prices.isPending}
            error={prices.error}
            empty={prices.data?.length === 0}
            emptyText="No price set."
          />
          {prices.data ? (
            <ul className="divide-y divide-velvet-50">
              {prices.data.map((price) => (
                <MessagePriceRow key={price.type} price={price} />
              ))}
            </ul>
          ) : null}
        </Panel>
        <Panel title="Credit packages">
          <ListState
            loading={packages.isPending}
            error={packages.error}
            empty={packages.data?.length === 0}
            emptyText="No package yet."
          />
          {packages.data && packages.data.length > 0 ? (
            <ScrollArea label="Credit package rows">
              <table className="w-full min-w-[36rem] text-sm">
                <thead className="bg-cream-50 text-left text-[11px] tracking-wider text-muted uppercase">
                  <tr>
                    <th className={th}>Package</th>
                    <th className={`${th} text-right`}>Credits</th>
                    <th className={`${th} text-right`}>Price</th>
                    <th className={th}>Shelf</th>
                    <th className={th}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-velvet-50">
                  {packages.data.map((item) => (
                    <Fragment key={item.id}>
                      <tr>
                        <td className="px-4 py-2">
                          <span className="block font-semibold text-velvet-950">{item.name}</span>
                          <span className="text-xs text-muted">
                            {item.kind}
                            {item.duration_hours ? ` · ${item.duration_hours} h` : ""}
                          </span>
                        </td>
                        <td className="px-4 py-2 text-right tabular-nums">
                          {formatCount(item.credits)}
                          {item.bonus_credits > 0 ? (
                            <span className="block text-xs text-success">+{formatCount(item.bonus_credits)} bonus</span>
                          ) : null}
                        </td>
                        <td className="px-4 py-2 text-right font-semibold tabular-nums">
                          {formatMoney(item.price_cents, item.currency)}
                        </td>
                        <td className="px-4 py-2">
                          {item.active ? <Pill tone="good">#{item.position} on sale</Pill> : <Pill>Off the shelf</Pill>}
                        </td>
                        <td className="px-4 py-2 text-right">
                          <button
                            type="button"
                            onClick={() => setEditing(editing === item.id ? null : item.id)}
                            aria-expanded={editing === item.id}
                            aria-label={`Edit ${item.name}`}
                            className={`${adminSecondaryButtonClass} px-3 py-1.5`}
                          >
                            Edit
                          </button>
                        </td>
                      </tr>
                      {editing === item.id ? (
                        <tr>
                          <td colSpan={5} className="p-0">
                            <PackageEditor item={item} onClose={() => setEditing(null)} />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </ScrollArea>
          ) : null}
        </Panel>
      </div>
    </SectionPage>
  );
}
