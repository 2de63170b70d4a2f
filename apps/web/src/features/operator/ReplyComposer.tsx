import type { TOperatorReplyRequest, TOperatorTemplate } from "@velvet/shared/api/operator";
import { describeContactWarning, findContactDetails } from "@velvet/shared/operator/contact-details";
import {
  type KeyboardEvent,
  type Ref,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { AlertIcon, PhotoIcon, SendIcon } from "../../ui/icons";
import { expandShortCode, matchingTemplates, shortCodeAt, type TemplateValues } from "./templates";

export type ReplyDraft = Omit<TOperatorReplyRequest, "client_id">;

/** The desk moves the focus here from its keys: `insert` types it at the caret first (the "/" of templates). */
export interface ComposerHandle {
  focus(insert?: string): void;
  /** Alt+K: "Keep this conversation after sending", on or off. */
  toggleKeep(): void;
}

/**
 * The reply box. `/code` offers the matching templates (Tab or Enter takes
 * the highlighted one, filled in for this member and profile); contact
 * details are flagged as they are typed, and sending them takes a second,
 * deliberate press. Enter sends, Shift+Enter starts a new line. The focus
 * stays here: it comes back whenever the conversation is (again) the
 * operator's to answer, and sending never takes it away.
 */
export function ReplyComposer({
  ref,
  profileName,
  photos,
  templates,
  values,
  enabled,
  onTyping,
  onSend,
}: {
  ref?: Ref<ComposerHandle>;
  profileName: string;
  photos: Array<{ uuid: string; url: string }>;
  templates: TOperatorTemplate[];
  values: TemplateValues;
  enabled: boolean;
  onTyping(): void;
  onSend(draft: ReplyDraft): Promise<boolean>;
}) {
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [highlight, setHighlight] = useState(0);
  const [armed, setArmed] = useState(false);
  const [keepLock, setKeepLock] = useState(false);
  const [showPhotos, setShowPhotos] = useState(false);
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (enabled) box.current?.focus();
  }, [enabled]);

  const warnings = useMemo(() => findContactDetails(text), [text]);
  const code = shortCodeAt(text, caret);
  const suggestions = code ? matchingTemplates(templates, code.typed) : [];

  const change = (next: string, nextCaret: number) => {
    setText(next);
    setCaret(nextCaret);
    setHighlight(0);
    setArmed(false);
    onTyping();
  };

  // Where the caret goes once a template or an insertion is in the box: set as the new text commits, before the
  // next key is handled (a frame later, keys typed straight after Tab went in before the caret moved).
  const caretAfterCommit = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterCommit.current;
    if (at === null) return;
    caretAfterCommit.current = null;
    box.current?.focus();
    box.current?.setSelectionRange(at, at);
  });

  const pick = (template: TOperatorTemplate) => {
    const expanded = expandShortCode(text, caret, template, values);
    change(expanded.text, expanded.caret);
    caretAfterCommit.current = expanded.caret;
  };

  useImperativeHandle(ref, () => ({
    focus(insert) {
      const node = box.current;
      if (!node || node.disabled) return;
      node.focus();
      if (!insert) return;
      const at = node.selectionStart;
      change(`${text.slice(0, at)}${insert}${text.slice(node.selectionEnd)}`, at + insert.length);
      caretAfterCommit.current = at + insert.length;
    },
    toggleKeep() {
      setKeepLock((keep) => !keep);
    },
  }));

  const send = async (draft: ReplyDraft) => {
    setSending(true);
    const sent = await onSend({ ...draft, keep_lock: keepLock });
    setSending(false);
    if (sent && draft.type === "text") change("", 0);
    if (sent) setShowPhotos(false);
  };

  const submitText = () => {
    const trimmed = text.trim();
    if (!trimmed || sending || !enabled) return;
    if (warnings.length > 0 && !armed) {
      setArmed(true);
      return;
    }
    void send({ type: "text", text: trimmed, confirm_warnings: warnings.length > 0 });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const suggestion = suggestions[highlight];
    if (suggestions.length > 0) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setHighlight((current) => (current + step + suggestions.length) % suggestions.length);
        return;
      }
      if ((event.key === "Tab" || event.key === "Enter") && suggestion) {
        event.preventDefault();
        pick(suggestion);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      submitText();
    }
  };

  return (
    <div className="relative border-t border-velvet-100 bg-white p-3">
      {suggestions.length > 0 ? (
        <ul
          aria-label="Templates"
          className="absolute right-3 bottom-full left-3 mb-2 overflow-hidden rounded-2xl bg-white shadow-lift ring-1 ring-velvet-100"
        >
          {suggestions.map((template, index) => (
            <li key={template.id}>
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(template)}
                data-highlighted={index === highlight || undefined}
                className="flex w-full items-baseline gap-3 px-4 py-2 text-left text-sm data-highlighted:bg-velvet-50"
              >
                <span className="shrink-0 font-mono text-xs font-semibold text-rose-700">/{template.code}</span>
                <span className="truncate text-ink">{template.text}</span>
                {template.kind === "first_contact" ? (
                  <span className="ml-auto shrink-0 text-[10px] font-semibold text-muted uppercase">opener</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {warnings.length > 0 ? (
        <div
          role="alert"
          className={`mb-2 flex gap-2 rounded-xl px-3 py-2 text-xs ${armed ? "bg-danger/10 text-danger" : "bg-amber-50 text-amber-800"}`}
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">
              {armed ? "Press Send again to send these contact details anyway." : "Contact details in this reply:"}
            </p>
            <ul className="mt-0.5 list-disc pl-4">
              {warnings.map((warning) => (
                <li key={`${warning.start}-${warning.kind}`}>{describeContactWarning(warning)}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

      {showPhotos ? (
        <fieldset className="mb-2 flex gap-2 overflow-x-auto pb-1">
          <legend className="sr-only">{profileName}'s photos</legend>
          {photos.map((photo, index) => (
            <button
              key={photo.uuid}
              type="button"
              disabled={!enabled || sending}
              onClick={() => void send({ type: "image", photo_id: photo.uuid })}
              className="shrink-0 rounded-xl ring-2 ring-transparent hover:ring-rose-400 disabled:opacity-50"
              aria-label={`Send photo ${index + 1}`}
            >
              <img src={photo.url} alt="" className="size-20 rounded-xl object-cover" />
            </button>
          ))}
        </fieldset>
      ) : null}

      <div className="flex items-end gap-2">
        <button
          type="button"
          onClick={() => setShowPhotos((open) => !open)}
          aria-pressed={showPhotos}
          aria-label="Choose a photo"
          className="grid size-10 shrink-0 place-items-center rounded-full text-velvet-600 hover:bg-velvet-50"
        >
          <PhotoIcon className="size-5" />
        </button>
        <label className="min-w-0 flex-1">
          <span className="sr-only">Reply as {profileName}</span>
          <textarea
            ref={box}
            rows={2}
            value={text}
            disabled={!enabled}
            onChange={(event) => change(event.target.value, event.target.selectionStart)}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            placeholder={enabled ? `Write as ${profileName}… (/ for templates)` : "Take the conversation to reply"}
            className="max-h-40 min-h-11 w-full resize-y rounded-2xl border border-velvet-100 bg-cream-50 px-4 py-2.5 text-sm outline-none focus:border-rose-400 disabled:cursor-not-allowed disabled:opacity-60"
          />
        </label>
        <button
          type="button"
          onClick={submitText}
          disabled={!enabled || sending || text.trim() === ""}
          className={`${armed ? "btn bg-danger text-white" : "btn-primary"} h-11 shrink-0 px-4`}
        >
          <SendIcon className="size-4" />
          {armed ? "Send anyway" : "Send"}
        </button>
      </div>
      <label className="mt-2 inline-flex items-center gap-2 text-xs text-muted">
        <input
          type="checkbox"
          checked={keepLock}
          onChange={(event) => setKeepLock(event.target.checked)}
          onKeyDown={(event) => {
            // Space ticks it; Enter (like Escape) goes back to the reply.
            if (event.key === "Enter") {
              event.preventDefault();
              box.current?.focus();
            }
          }}
        />
        Keep this conversation after sending (for a follow-up)
        <kbd className="hidden rounded bg-cream-100 px-1 font-mono text-[10px] ring-1 ring-velvet-100 sm:inline">
          Alt+K
        </kbd>
      </label>
    </div>
  );
}
