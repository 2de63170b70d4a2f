import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TAdminTrigger, TAdminTriggerRequest } from "@velvet/shared/api/admin-triggers";
import { useState } from "react";
import { toast } from "../../../ui/toast";
import { SectionPage } from "../admin-ui";
import { describeTrigger, requestFrom } from "./delay";
import { TriggerForm } from "./TriggerForm";
import {
  createTrigger,
  deleteTrigger,
  fetchDeliveries,
  fetchTriggers,
  triggerKeys,
  updateTrigger,
} from "./triggers-api";

const dateTime = new Intl.DateTimeFormat("en-AU", { dateStyle: "medium", timeStyle: "short" });

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : "Please try again.";
}

/**
 * Admin: triggers, the messages fictional profiles send on their
 * own. The list with what each has sent, a form to create or edit one, and a
 * switch to turn one on or off.
 */
export default function TriggersSection() {
  const queryClient = useQueryClient();
  const triggers = useQuery({ queryKey: triggerKeys.all, queryFn: fetchTriggers });
  const [editing, setEditing] = useState<TAdminTrigger | "new" | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: triggerKeys.all });

  const save = async (body: TAdminTriggerRequest) => {
    const saved =
      editing === "new" || editing === null ? await createTrigger(body) : await updateTrigger(editing.id, body);
    toast.success(editing === "new" ? `“${saved.name}” created` : `“${saved.name}” saved`);
    setEditing(null);
    await refresh();
  };

  const toggle = useMutation({
    mutationFn: (trigger: TAdminTrigger) =>
      updateTrigger(trigger.id, { ...requestFrom(trigger), active: !trigger.active }),
    onSuccess: (saved) => toast.success(`“${saved.name}” is ${saved.active ? "on" : "off"}`),
    onError: (error) => toast.error(errorText(error)),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (trigger: TAdminTrigger) => deleteTrigger(trigger.id),
    onError: (error) => toast.error(errorText(error)),
    onSettled: refresh,
  });

  const list = triggers.data?.data ?? [];
  return (
    <SectionPage>
      <section className="space-y-4" aria-labelledby="triggers-heading">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 id="triggers-heading" className="font-display text-2xl font-semibold text-velvet-950 sm:text-3xl">
              Triggers
            </h1>
            <p className="max-w-2xl text-sm text-muted">
              Messages fictional profiles send on their own, after a member registers or once they have been away.
              {triggers.data
                ? ` A member gets at most ${triggers.data.meta.daily_limit_per_member} in any 24 hours, all triggers together.`
                : ""}
            </p>
          </div>
          {editing === null ? (
            <button type="button" className="btn-primary px-4 py-2 text-sm" onClick={() => setEditing("new")}>
              New trigger
            </button>
          ) : null}
        </header>

        {editing !== null ? (
          <TriggerForm
            key={editing === "new" ? "new" : editing.id}
            trigger={editing === "new" ? undefined : editing}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ) : null}

        {triggers.isPending ? <p className="text-sm text-muted">Loading triggers…</p> : null}
        {triggers.isError ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {errorText(triggers.error)}
          </p>
        ) : null}
        {triggers.isSuccess && list.length === 0 ? (
          <p className="rounded-xl bg-cream-50 px-4 py-6 text-center text-sm text-muted ring-1 ring-velvet-100">
            No triggers yet.
          </p>
        ) : null}

        <ul className="space-y-2">
          {list.map((trigger) => (
            <TriggerRow
              key={trigger.id}
              trigger={trigger}
              busy={toggle.isPending || remove.isPending}
              onEdit={() => setEditing(trigger)}
              onToggle={() => toggle.mutate(trigger)}
              onDelete={() => {
                if (window.confirm(`Delete “${trigger.name}”? What it already sent stays with the members.`)) {
                  remove.mutate(trigger);
                }
              }}
            />
          ))}
        </ul>
      </section>
    </SectionPage>
  );
}

function TriggerRow({
  trigger,
  busy,
  onEdit,
  onToggle,
  onDelete,
}: {
  trigger: TAdminTrigger;
  busy: boolean;
  onEdit(): void;
  onToggle(): void;
  onDelete(): void;
}) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const { deliveries } = trigger;
  return (
    // A switched-off trigger is told apart by its tinted card and the Off pill, not by fading: faded text fails contrast.
    <li
      className={`rounded-xl p-3 ${trigger.active ? "bg-white ring-1 ring-velvet-100" : "border border-dashed border-velvet-300 bg-cream-100"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
            {trigger.name}
            <span
              className={`rounded-pill px-2 py-0.5 text-[10px] font-semibold ${
                trigger.active ? "bg-emerald-50 text-emerald-700" : "bg-velvet-50 text-velvet-700"
              }`}
            >
              {trigger.active ? "On" : "Off"}
            </span>
          </p>
          <p className="text-xs text-muted">
            {describeTrigger(trigger)} · from {trigger.profile ? trigger.profile.username : "a random online profile"} ·
            at most {trigger.max_per_member}× per member
          </p>
          <p className="mt-1 line-clamp-2 text-sm text-ink/85">{trigger.text}</p>
        </div>
        <dl className="grid grid-cols-3 gap-3 text-center text-xs">
          <div>
            <dt className="text-muted">Sent</dt>
            <dd className="font-semibold text-ink">{deliveries.total}</dd>
          </div>
          <div>
            <dt className="text-muted">24 h</dt>
            <dd className="font-semibold text-ink">{deliveries.last_24_hours}</dd>
          </div>
          <div>
            <dt className="text-muted">Last</dt>
            <dd className="font-semibold whitespace-nowrap text-ink">
              {deliveries.last_sent_at ? dateTime.format(new Date(deliveries.last_sent_at)) : "—"}
            </dd>
          </div>
        </dl>
      </div>
      <div className="mt-2 flex flex-wrap gap-2 text-xs">
        <button type="button" className="btn-outline px-3 py-1.5" disabled={busy} onClick={onToggle}>
          {trigger.active ? "Switch off" : "Switch on"}
        </button>
        <button type="button" className="btn-outline px-3 py-1.5" onClick={onEdit}>
          Edit
        </button>
        <button
          type="button"
          className="btn-outline px-3 py-1.5"
          aria-expanded={showDeliveries}
          onClick={() => setShowDeliveries((shown) => !shown)}
        >
          {showDeliveries ? "Hide deliveries" : "Recent deliveries"}
        </button>
        <button
          type="button"
          className="btn px-3 py-1.5 text-rose-700 hover:bg-rose-50"
          disabled={busy}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
      {showDeliveries ? <Deliveries triggerId={trigger.id} /> : null}
    </li>
  );
}

function Deliveries({ triggerId }: { triggerId: number }) {
  const deliveries = useQuery({
    queryKey: triggerKeys.deliveries(triggerId),
    queryFn: () => fetchDeliveries(triggerId),
  });
  if (deliveries.isPending) return <p className="mt-2 text-xs text-muted">Loading…</p>;
  if (deliveries.isError) return <p className="mt-2 text-xs text-danger">{errorText(deliveries.error)}</p>;
  if (deliveries.data.length === 0) return <p className="mt-2 text-xs text-muted">Nothing sent yet.</p>;
  return (
    <ul className="mt-2 divide-y divide-velvet-50 rounded-lg bg-cream-50 px-3 text-xs ring-1 ring-velvet-100">
      {deliveries.data.map((delivery) => (
        <li key={delivery.id} className="flex flex-wrap justify-between gap-2 py-1.5">
          <span>
            <span className="font-semibold">{delivery.member.username}</span>
            <span className="text-muted"> from {delivery.profile?.username ?? "a deleted profile"}</span>
          </span>
          <time dateTime={delivery.sent_at} className="text-muted">
            {dateTime.format(new Date(delivery.sent_at))}
          </time>
        </li>
      ))}
    </ul>
  );
}
