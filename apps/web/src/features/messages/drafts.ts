import { create } from "zustand";

/**
 * Unsent text, per member and conversation, kept in localStorage: a reload, a trip to buy
 * credits or another conversation in between never loses what the member wrote. Keyed by member too,
 * so someone else signing in on the same browser never sees it.
 */
const PREFIX = "velvet.draft.";

export function draftKey(memberUuid: string, conversationUuid: string): string {
  return `${PREFIX}${memberUuid}:${conversationUuid}`;
}

function readStored(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

function writeStored(key: string, text: string): void {
  try {
    if (text.trim()) window.localStorage.setItem(key, text);
    else window.localStorage.removeItem(key);
  } catch {
    // Private browsing may refuse storage: the draft then lives as long as the page.
  }
}

interface DraftsState {
  drafts: Record<string, string>;
  /** Drafts given back because the balance did not cover them: the composer offers credits. */
  outOfCredits: Record<string, boolean>;
  read(key: string): string;
  write(key: string, text: string): void;
  /** A message the balance did not cover goes back in front of whatever was typed since. */
  giveBack(key: string, text: string): void;
  clearOutOfCredits(key: string): void;
}

export const useDrafts = create<DraftsState>((set, get) => ({
  drafts: {},
  outOfCredits: {},
  read: (key) => get().drafts[key] ?? readStored(key),
  write: (key, text) => {
    writeStored(key, text);
    set((state) => ({ drafts: { ...state.drafts, [key]: text } }));
  },
  giveBack: (key, text) => {
    const typed = get().read(key).trim();
    get().write(key, typed ? `${text}\n${typed}` : text);
    set((state) => ({ outOfCredits: { ...state.outOfCredits, [key]: true } }));
  },
  clearOutOfCredits: (key) => set((state) => ({ outOfCredits: { ...state.outOfCredits, [key]: false } })),
}));

/** The draft of one conversation, as a controlled value. */
export function useDraft(key: string): [string, (text: string) => void] {
  const text = useDrafts((state) => state.drafts[key] ?? null);
  const write = useDrafts((state) => state.write);
  return [text ?? useDrafts.getState().read(key), (next) => write(key, next)];
}
