import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../lib/api-client";
import { FormAlert } from "../../ui/forms/fields";
import { ChatIcon } from "../../ui/icons";
import { SayHiDialog } from "../messages/SayHiDialog";
import { type InteractionKind, interact, type ProfileWithRelation } from "./profile-api";
import { type ReportFlow, ReportForm } from "./ReportForm";

export function ProfileActions({ profile, report }: { profile: ProfileWithRelation; report: ReportFlow }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [relation, setRelation] = useState(profile.relation);
  const [problem, setProblem] = useState<string | null>(null);
  const [composing, setComposing] = useState(false);

  const toggle = async (kind: InteractionKind, key: keyof typeof relation, undoable: boolean) => {
    const undo = undoable && relation[key];
    try {
      await interact(profile.uuid, kind, undo);
      setRelation((current) => ({ ...current, [key]: !undo }));
      void queryClient.invalidateQueries({ queryKey: ["favorites"] });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Please try again.");
    }
  };

  const block = async () => {
    await interact(profile.uuid, "block");
    void queryClient.invalidateQueries({ queryKey: ["profiles"] });
    navigate("/dashboard", { replace: true });
  };

  const pill = (active: boolean) =>
    `btn flex-1 border ${active ? "border-rose-500 bg-rose-500 text-white" : "border-velvet-200 bg-white text-velvet-800 hover:border-velvet-400"}`;
  return (
    <div className="space-y-3">
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      {report.confirmation ? <FormAlert tone="success">{report.confirmation}</FormAlert> : null}
      <button type="button" className="btn-primary w-full py-3 text-base" onClick={() => setComposing(true)}>
        <ChatIcon className="size-5" />
        Message
      </button>
      {composing ? (
        <SayHiDialog
          profile={{ uuid: profile.uuid, username: profile.username, photoUrl: profile.primary_photo.thumb }}
          onClose={() => setComposing(false)}
        />
      ) : null}
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
          aria-expanded={report.target?.kind === "profile"}
          onClick={() => (report.target?.kind === "profile" ? report.close() : report.open({ kind: "profile" }))}
        >
          Report
        </button>
      </div>
      {report.target ? (
        <ReportForm
          key={report.target.kind === "photo" ? report.target.uuid : "profile"}
          profile={profile}
          target={report.target}
          onSent={report.sent}
          onCancel={report.close}
        />
      ) : null}
    </div>
  );
}
