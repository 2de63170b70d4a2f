import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TAdminPromotion, TAdminPromotionRequest } from "@velvet/shared/api/admin-promotions";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { toast } from "../../../ui/toast";
import { SectionPage } from "../admin-ui";
import { PromotionForm } from "./PromotionForm";
import { createPromotion, deletePromotion, fetchPromotions, promotionKeys, updatePromotion } from "./promotions-api";

const when = new Intl.DateTimeFormat("en-AU", { dateStyle: "medium", timeStyle: "short" });

const statusTone: Record<TAdminPromotion["status"], string> = {
  running: "bg-emerald-100 text-emerald-800",
  upcoming: "bg-velvet-100 text-velvet-700",
  ended: "bg-ink/10 text-muted",
};

function offerOf(promotion: TAdminPromotion): string {
  return [
    promotion.discount_percent > 0 ? `${promotion.discount_percent}% off` : null,
    promotion.bonus_percent > 0 ? `+${promotion.bonus_percent}% credits` : null,
  ]
    .filter(Boolean)
    .join(", ");
}

/** Admin: promo events and their windows. */
export default function PromotionsSection() {
  const queryClient = useQueryClient();
  const [includeEnded, setIncludeEnded] = useState(false);
  // null: no form; "new": adding; a promotion: changing it.
  const [editing, setEditing] = useState<TAdminPromotion | "new" | null>(null);
  const promotions = useQuery({
    queryKey: promotionKeys.list(includeEnded),
    queryFn: () => fetchPromotions(includeEnded),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: promotionKeys.all });

  const remove = useMutation({
    mutationFn: (promotion: TAdminPromotion) => deletePromotion(promotion.id),
    onSuccess: () => {
      toast.success("Promotion removed");
      void refresh();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : "Could not remove the promotion."),
  });

  const save = async (body: TAdminPromotionRequest) => {
    if (editing && editing !== "new") await updatePromotion(editing.id, body);
    else await createPromotion(body);
    toast.success("Promotion saved");
    setEditing(null);
    await refresh();
  };

  return (
    <SectionPage>
      <section aria-labelledby="admin-promotions-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="admin-promotions-title" className="font-display text-2xl font-semibold text-velvet-950 sm:text-3xl">
            Promotions
          </h1>
          <div className="flex items-center gap-3">
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                checked={includeEnded}
                onChange={(event) => setIncludeEnded(event.target.checked)}
                className="size-4 rounded border-velvet-300 text-rose-500"
              />
              Show ended
            </label>
            <button type="button" className="btn-primary px-4 py-2 text-xs" onClick={() => setEditing("new")}>
              New promotion
            </button>
          </div>
        </div>

        {editing ? (
          <PromotionForm
            key={editing === "new" ? "new" : editing.id}
            editing={editing === "new" ? null : editing}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ) : null}

        {promotions.isError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load the promotions.
          </p>
        ) : null}
        <ul className="divide-y divide-velvet-100 overflow-hidden rounded-card bg-white shadow-card">
          {promotions.data?.length === 0 ? <li className="p-4 text-sm text-muted">No promotions planned.</li> : null}
          {promotions.data?.map((promotion) => (
            <li key={promotion.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
              <span className="w-28 font-semibold text-ink">{promotion.name}</span>
              <span className={`rounded-pill px-2 py-0.5 text-[11px] font-semibold ${statusTone[promotion.status]}`}>
                {promotion.status}
              </span>
              <span className="min-w-0 flex-1 text-muted">
                {when.format(new Date(promotion.starts_at))} – {when.format(new Date(promotion.ends_at))}
              </span>
              <span className="text-velvet-700">{offerOf(promotion)}</span>
              <span className="flex gap-2">
                <button type="button" className="btn-outline px-3 py-1 text-xs" onClick={() => setEditing(promotion)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn-outline px-3 py-1 text-xs"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(`Remove the ${promotion.name} promotion?`)) remove.mutate(promotion);
                  }}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </SectionPage>
  );
}
