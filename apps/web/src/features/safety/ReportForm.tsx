import { reportReasons, type TReportRequest } from "@velvet/shared/api/reports";
import { reportEndpoints } from "@velvet/shared/contract/reports";
import { useEffect, useId, useRef, useState } from "react";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { FormAlert } from "../../ui/forms/fields";

/** What a member reports from a profile page: the member, or one of their photos. */
export type ReportTarget = { kind: "profile" } | { kind: "photo"; uuid: string; thumb: string };

interface ReportFormProps {
  profile: { uuid: string; username: string };
  target: ReportTarget;
  onSent: (message: string) => void;
  onCancel: () => void;
  /** Inside a dialog, which is its own frame: no border of its own. */
  framed?: boolean;
}

/**
 * Which report form is open on a profile page, and the confirmation of the last report sent.
 * The page holds it because both the gallery ("Report photo") and the profile actions ("Report") open the form.
 */
export function useReportFlow() {
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  return {
    target,
    confirmation,
    open: (next: ReportTarget) => {
      setConfirmation(null);
      setTarget(next);
    },
    close: () => setTarget(null),
    sent: (message: string) => {
      setTarget(null);
      setConfirmation(message);
    },
  };
}
export type ReportFlow = ReturnType<typeof useReportFlow>;

const fieldClass =
  "w-full rounded-xl border border-velvet-200 bg-white px-3 py-2 focus:border-rose-400 focus:ring-4 focus:ring-rose-100 focus:outline-none";

export function ReportForm({ profile, target, onSent, onCancel, framed = true }: ReportFormProps) {
  const [reason, setReason] = useState<string>(target.kind === "photo" ? "inappropriate_photo" : reportReasons[0].key);
  const [details, setDetails] = useState("");
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const reasonField = useRef<HTMLSelectElement>(null);

  // "Report photo" sits on the gallery, away from this form (below it on a phone): bring the form into view and focus it.
  useEffect(() => {
    form.current?.scrollIntoView({ block: "nearest" });
    reasonField.current?.focus({ preventScroll: true });
  }, []);

  const send = async () => {
    setSending(true);
    setProblem(null);
    const body: TReportRequest =
      target.kind === "photo"
        ? { photo_uuid: target.uuid, reason, details }
        : { reported_uuid: profile.uuid, reason, details };
    try {
      const { message } = await callEndpoint(reportEndpoints.create, { body });
      onSent(message);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Please try again.");
      setSending(false);
    }
  };

  return (
    <form
      ref={form}
      aria-labelledby={headingId}
      className={`scroll-mt-24 space-y-3 bg-white ${framed ? "rounded-xl border border-velvet-100 p-4" : "p-6"}`}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="flex items-center gap-3">
        {target.kind === "photo" ? (
          <img src={target.thumb} alt="" className="size-12 shrink-0 rounded-lg object-cover" />
        ) : null}
        <div>
          <h2 id={headingId} className="font-sans text-base font-semibold tracking-normal text-velvet-900">
            {target.kind === "photo" ? "Report this photo" : `Report ${profile.username}`}
          </h2>
          <p className="text-xs text-muted">Our safety team reviews every report. We do not share who reported.</p>
        </div>
      </div>
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <label className="block space-y-1.5 text-sm">
        <span className="font-semibold text-velvet-900">Reason</span>
        <select
          ref={reasonField}
          className={fieldClass}
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
        <span className="font-semibold text-velvet-900">
          {target.kind === "photo" ? "What is wrong with this photo?" : "What happened?"}
        </span>
        <textarea
          className={fieldClass}
          rows={3}
          maxLength={2000}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
      </label>
      <div className="flex gap-2">
        <button type="button" className="btn-outline flex-1" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary flex-1" disabled={sending}>
          {sending ? "Sending…" : "Send report"}
        </button>
      </div>
    </form>
  );
}
