import { MESSAGE_TEXT_MAX, messagingMessages } from "@velvet/shared/api/conversations";
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatCount } from "../../lib/format-count";
import { CoinIcon, PhotoIcon, SendIcon, WinkIcon } from "../../ui/icons";
import { rememberReturnAfterPurchase } from "../credits";
import { useDraft, useDrafts } from "./drafts";
import { creditsText } from "./prices";
import type { Draft } from "./use-send-message";

/** The counter appears this close to the limit. */
const COUNTER_FROM = MESSAGE_TEXT_MAX - 200;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];
const MAX_HEIGHT_PX = 160;

interface ComposerProps {
  /** Where the unsent text is kept (drafts.ts): per member and conversation. */
  draftKey: string;
  partnerName: string;
  balance: string;
  hasPass: boolean;
  prices: { text: number | null; image: number | null };
  disabled?: boolean;
  onSend(draft: Draft): void;
  onTyping(): void;
}

/** Writing a message: a growing text box, photo and wink buttons, the balance and what a message costs. */
/** Buying credits from here leads back here afterwards, the draft waiting in the box. */
const rememberThisConversation = () => rememberReturnAfterPurchase(window.location.pathname);

export function Composer({
  draftKey,
  partnerName,
  balance,
  hasPass,
  prices,
  disabled,
  onSend,
  onTyping,
}: ComposerProps) {
  const [text, setText] = useDraft(draftKey);
  const outOfCredits = useDrafts((state) => state.outOfCredits[draftKey] === true);
  const [problem, setProblem] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is what changes the height.
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    node.style.height = "auto";
    node.style.height = `${Math.min(node.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  const submit = () => {
    const message = text.trim();
    if (!message || disabled) return;
    onSend({ type: "text", text: message });
    setText("");
    setProblem(null);
    useDrafts.getState().clearOutOfCredits(draftKey);
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    // On touch screens Enter is a new line; the send button sends.
    if (window.matchMedia("(pointer: coarse)").matches) return;
    event.preventDefault();
    submit();
  };

  const pickImage = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type) || file.size > MAX_IMAGE_BYTES) {
      setProblem("Photos must be JPEG, PNG or WebP, up to 10 MB.");
      return;
    }
    setProblem(null);
    onSend({ type: "image", file });
  };

  const nearLimit = text.length >= COUNTER_FROM;
  const iconButton =
    "grid size-10 shrink-0 place-items-center rounded-full text-velvet-500 transition hover:bg-velvet-50 hover:text-velvet-800 disabled:opacity-50";
  return (
    <div className="border-t border-velvet-100 bg-white/95 px-3 pt-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))] backdrop-blur sm:px-5">
      {problem ? (
        <p role="alert" className="mb-2 text-xs font-semibold text-danger">
          {problem}
        </p>
      ) : outOfCredits ? (
        <p role="alert" className="mb-2 text-xs font-semibold text-danger">
          {messagingMessages.notEnoughCredits}. Your message is kept below.{" "}
          <Link
            to="/credits/buy"
            onClick={rememberThisConversation}
            className="text-rose-600 underline underline-offset-2"
          >
            Buy credits
          </Link>
        </p>
      ) : null}
      <form
        className="flex items-end gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <button
          type="button"
          className={iconButton}
          onClick={() => fileInput.current?.click()}
          disabled={disabled}
          aria-label="Send a photo"
          title="Send a photo"
        >
          <PhotoIcon className="size-6" />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          className="hidden"
          onChange={(event) => pickImage(event.target.files?.[0])}
        />
        <button
          type="button"
          className={iconButton}
          onClick={() => onSend({ type: "wink" })}
          disabled={disabled}
          aria-label={`Wink at ${partnerName}`}
          title="Wink"
        >
          <WinkIcon className="size-6" />
        </button>
        <label className="min-w-0 flex-1">
          <span className="sr-only">Message to {partnerName}</span>
          <textarea
            ref={box}
            rows={1}
            value={text}
            maxLength={MESSAGE_TEXT_MAX}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value) onTyping();
            }}
            onKeyDown={onKeyDown}
            placeholder="Write a message…"
            enterKeyHint="send"
            className="block max-h-40 w-full resize-none rounded-[1.35rem] border border-velvet-200 bg-cream-50 px-4 py-2.5 text-base leading-snug text-ink placeholder:text-muted/70 sm:text-[0.95rem] focus:border-rose-400 focus:bg-white focus:ring-4 focus:ring-rose-100 focus:outline-none"
          />
        </label>
        <button
          type="submit"
          className="grid size-11 shrink-0 place-items-center rounded-full bg-gradient-to-br from-rose-500 to-velvet-500 text-white shadow-glow transition hover:brightness-110 disabled:opacity-40 disabled:shadow-none"
          disabled={disabled || text.trim() === ""}
          aria-label="Send"
        >
          <SendIcon className="size-5" />
        </button>
      </form>
      <div className="mt-1.5 flex items-center justify-between gap-3 px-1 text-[11px] text-muted">
        <Link
          to="/credits/buy"
          onClick={rememberThisConversation}
          className="inline-flex items-center gap-1 font-semibold text-velvet-700 hover:text-rose-600"
          title="Buy credits"
        >
          <CoinIcon className="size-3.5" />
          {hasPass ? "24h pass" : `${balance} ${balance === "1" ? "credit" : "credits"}`}
        </Link>
        {nearLimit ? (
          <span className={text.length >= MESSAGE_TEXT_MAX ? "font-semibold text-danger" : ""} aria-live="polite">
            {formatCount(text.length)} / {formatCount(MESSAGE_TEXT_MAX)}
          </span>
        ) : (
          <span>
            {prices.text !== null ? `Message ${creditsText(prices.text).toLowerCase()}` : ""}
            {prices.image !== null ? ` · Photo ${creditsText(prices.image).toLowerCase()}` : ""}
          </span>
        )}
      </div>
    </div>
  );
}
