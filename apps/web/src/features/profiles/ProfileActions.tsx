import { useQueryClient } from "@tanstack/react-query";
import { type ComponentType, type SVGProps, useState } from "react";
import { useNavigate } from "react-router";
import { FormAlert } from "../../ui/forms/fields";
import { ChatIcon, HeartIcon, StarIcon, WinkIcon } from "../../ui/icons";
import { SayHiDialog } from "../messages";
import { BlockDialog, type ReportFlow, ReportForm } from "../safety";
import { interactWithFeedback } from "./interaction-feedback";
import type { ProfileWithRelation } from "./profile-api";

type Relation = ProfileWithRelation["relation"];
type Toggle = "liked" | "winked" | "favorited";

/** The viewer's relation to a profile, shared by the phone's action bar and the desktop panel. */
export function useProfileRelation(profile: ProfileWithRelation) {
  const queryClient = useQueryClient();
  const [relation, setRelation] = useState<Relation>(profile.relation);
  const [lastChanged, setLastChanged] = useState<{ key: Toggle; count: number } | null>(null);
  const [composing, setComposing] = useState(false);

  const toggle = async (key: Toggle) => {
    const kind = key === "liked" ? "like" : key === "winked" ? "wink" : "favorite";
    // A wink cannot be taken back.
    const undo = key !== "winked" && relation[key];
    if (!(await interactWithFeedback(profile, kind, undo))) return;
    setRelation((current) => ({ ...current, [key]: !undo }));
    setLastChanged((current) => ({ key, count: (current?.count ?? 0) + 1 }));
    void queryClient.invalidateQueries({ queryKey: key === "favorited" ? ["favorites"] : ["profile", profile.uuid] });
  };
  return { profile, relation, toggle, lastChanged, composing, setComposing };
}

export type ProfileRelation = ReturnType<typeof useProfileRelation>;

const toggles: ReadonlyArray<{
  key: Toggle;
  label: [string, string];
  Icon: ComponentType<SVGProps<SVGSVGElement> & { filled?: boolean }>;
}> = [
  { key: "liked", label: ["Like", "Liked"], Icon: HeartIcon },
  { key: "winked", label: ["Wink", "Winked"], Icon: WinkIcon },
  { key: "favorited", label: ["Favorite", "Favorited"], Icon: StarIcon },
];

/**
 * Message, Like, Wink and Favorite. On a phone they are a bar held at the bottom of the screen, so they
 * are in reach without scrolling past the photos; from lg up they sit beside the profile.
 */
export function ActionButtons({ actions, layout }: { actions: ProfileRelation; layout: "bar" | "panel" }) {
  const { relation, toggle, lastChanged } = actions;
  const bar = layout === "bar";
  const tone = (active: boolean) =>
    active
      ? "border-rose-500 bg-rose-500 text-white"
      : "border-velvet-200 bg-white text-velvet-800 hover:border-velvet-400";
  // On the bar: icon over a short word, narrow enough for four buttons across a 320 px screen.
  const pill = (active: boolean) =>
    bar
      ? `flex w-16 flex-col items-center justify-center gap-0.5 rounded-2xl border py-1.5 text-[0.7rem] font-semibold transition disabled:cursor-not-allowed disabled:opacity-80 ${tone(active)}`
      : `btn flex-1 border ${tone(active)}`;
  return (
    <div className={bar ? "flex items-stretch gap-2" : "space-y-3"}>
      <button
        type="button"
        className={`btn-primary ${bar ? "min-w-0 flex-1 rounded-2xl px-3" : "w-full py-3 text-base"}`}
        onClick={() => actions.setComposing(true)}
      >
        <ChatIcon className="size-5" />
        Message
      </button>
      <div className="flex gap-2">
        {toggles.map(({ key, label, Icon }) => {
          const active = relation[key];
          const popping = lastChanged?.key === key;
          return (
            <button
              key={key}
              type="button"
              className={pill(active)}
              aria-pressed={active}
              disabled={key === "winked" && active}
              onClick={() => void toggle(key)}
            >
              <Icon
                key={popping ? lastChanged.count : 0}
                className={`size-5 ${popping ? "animate-action-pop" : ""} ${bar ? "" : "hidden sm:block"}`}
                fill={active && key !== "winked" ? "currentColor" : "none"}
              />
              {active ? label[1] : label[0]}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The desktop panel's actions, Block and Report, and the dialogs any of them opens. */
export function ProfileActions({ actions, report }: { actions: ProfileRelation; report: ReportFlow }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { profile } = actions;
  const [confirmingBlock, setConfirmingBlock] = useState(false);

  const blocked = () => {
    void queryClient.invalidateQueries({ queryKey: ["profiles"] });
    navigate("/dashboard", { replace: true });
  };

  return (
    <div className="space-y-3">
      {report.confirmation ? <FormAlert tone="success">{report.confirmation}</FormAlert> : null}
      <div className="hidden lg:block">
        <ActionButtons actions={actions} layout="panel" />
      </div>
      {actions.composing ? (
        <SayHiDialog
          profile={{ uuid: profile.uuid, username: profile.username, photoUrl: profile.primary_photo.thumb }}
          onClose={() => actions.setComposing(false)}
        />
      ) : null}
      <div className="flex gap-4 text-sm">
        <button
          type="button"
          className="font-semibold text-muted hover:text-danger"
          onClick={() => setConfirmingBlock(true)}
        >
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
      {confirmingBlock ? (
        <BlockDialog member={profile} onBlocked={blocked} onClose={() => setConfirmingBlock(false)} />
      ) : null}
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
