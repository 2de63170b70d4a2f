import { useQueryClient } from "@tanstack/react-query";
import { reportReasons } from "@velvet/shared/api/reports";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, api } from "../../lib/api-client";
import { FormAlert } from "../../ui/forms/fields";
import { type InteractionKind, interact, type ProfileWithRelation } from "./profile-api";

export function ProfileActions({ profile }: { profile: ProfileWithRelation }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [relation, setRelation] = useState(profile.relation);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState<string>(reportReasons[0].key);
  const [details, setDetails] = useState("");

  const toggle = async (kind: InteractionKind, key: keyof typeof relation, undoable: boolean) => {
    const undo = undoable && relation[key];
    try {
      await interact(profile.uuid, kind, undo);
      setRelation((current) => ({ ...current, [key]: !undo }));
      void queryClient.invalidateQueries({ queryKey: ["favorites"] });
    } catch (error) {
      setNotice({ tone: "error", text: error instanceof ApiError ? error.message : "Please try again." });
    }
  };

  const block = async () => {
    await interact(profile.uuid, "block");
    void queryClient.invalidateQueries({ queryKey: ["profiles"] });
    navigate("/dashboard", { replace: true });
  };

  const report = async () => {
    try {
      const { message } = await api.post<{ message: string }>("/reports", {
        reported_uuid: profile.uuid,
        reason,
        details,
      });
      setNotice({ tone: "success", text: message });
      setReporting(false);
    } catch (error) {
      setNotice({ tone: "error", text: error instanceof ApiError ? error.message : "Please try again." });
    }
  };

  const pill = (active: boolean) =>
    `btn flex-1 border ${active ? "border-rose-500 bg-rose-500 text-white" : "border-velvet-200 bg-white text-velvet-800 hover:border-velvet-400"}`;
  return (
    <div className="space-y-3">
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      <div className="flex gap-2">
        <button
          type="button"
          className={pill(relation.liked)}
          aria-pressed={relation.liked}
          onClick={() => void toggle("like", "liked", true)}
        >
          {relation.liked ? "Liked" : "Like"}
        </button>
        <button
          type="button"
          className={pill(relation.winked)}
          aria-pressed={relation.winked}
          disabled={relation.winked}
          onClick={() => void toggle("wink", "winked", false)}
        >
          {relation.winked ? "Winked" : "Wink"}
        </button>
        <button
          type="button"
          className={pill(relation.favorited)}
          aria-pressed={relation.favorited}
          onClick={() => void toggle("favorite", "favorited", true)}
        >
          {relation.favorited ? "Favorited" : "Favorite"}
        </button>
      </div>
      <div className="flex gap-4 text-sm">
        <button type="button" className="font-semibold text-muted hover:text-danger" onClick={() => void block()}>
          Block
        </button>
        <button
          type="button"
          className="font-semibold text-muted hover:text-velvet-800"
          onClick={() => setReporting((open) => !open)}
        >
          Report
        </button>
      </div>
      {reporting ? (
        <div className="space-y-3 rounded-xl border border-velvet-100 p-4">
          <label className="block space-y-1.5 text-sm">
            <span className="font-semibold text-velvet-900">Reason</span>
            <select
              className="w-full rounded-xl border border-velvet-200 px-3 py-2"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            >
              {reportReasons.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <label className="block space-y-1.5 text-sm">
            <span className="font-semibold text-velvet-900">What happened?</span>
            <textarea
              className="w-full rounded-xl border border-velvet-200 px-3 py-2"
              rows={3}
              maxLength={2000}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
          </label>
          <button type="button" className="btn-primary w-full" onClick={() => void report()}>
            Send report
          </button>
        </div>
      ) : null}
    </div>
  );
}
