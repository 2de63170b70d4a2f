import { create } from "zustand";

/** The desk's switches, kept in this browser. */
export interface DeskSettings {
  /** A short tone when the queue goes from empty to waiting, or a held conversation gets a new message. */
  sound: boolean;
  /** "(3) Waiting · Operator console" in the tab's title while members wait. */
  titleAlert: boolean;
  /** After a reply (unless the conversation is kept), take the next waiting conversation. */
  autoAdvance: boolean;
}

const STORAGE_KEY = "velvet.operator.desk";
const defaults: DeskSettings = { sound: true, titleAlert: true, autoAdvance: true };

function load(): DeskSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") as Partial<DeskSettings>;
    return {
      sound: stored.sound ?? defaults.sound,
      titleAlert: stored.titleAlert ?? defaults.titleAlert,
      autoAdvance: stored.autoAdvance ?? defaults.autoAdvance,
    };
  } catch {
    return defaults;
  }
}

export const useDeskSettings = create<DeskSettings & { set(change: Partial<DeskSettings>): void }>((set, get) => ({
  ...load(),
  set: (change) => {
    set(change);
    const { sound, titleAlert, autoAdvance } = get();
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ sound, titleAlert, autoAdvance }));
    } catch {
      // Private mode: the switch holds for this visit.
    }
  },
}));
