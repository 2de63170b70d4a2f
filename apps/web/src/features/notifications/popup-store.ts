import type { TNotification } from "@velvet/shared/api/notifications";
import { timings } from "@velvet/shared/constants/limits";
import { create } from "zustand";

/**
 * The in-page notification popups (spec §4): shown, then removed after 5 seconds,
 * on click or on close. Kept outside React so a popup outlives a layout change.
 */
interface PopupState {
  popups: TNotification[];
  /** Every notification id a popup was considered for: a duplicate id is ignored. */
  seenIds: ReadonlySet<number>;
  /** How many popup hosts are mounted; only member layouts mount one. */
  hosts: number;
  markSeen(id: number): void;
  show(notification: TNotification): void;
  dismiss(id: number): void;
  attachHost(): () => void;
}

const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();
/** Ours: a burst (someone sending many messages) shows the newest few, not a wall of cards. */
export const MAX_VISIBLE_POPUPS = 3;

export const usePopupStore = create<PopupState>((set, get) => ({
  popups: [],
  seenIds: new Set(),
  hosts: 0,
  markSeen: (id) => set((state) => ({ seenIds: new Set(state.seenIds).add(id) })),
  show: (notification) => {
    const oldest = get().popups.at(-MAX_VISIBLE_POPUPS);
    if (oldest) get().dismiss(oldest.id);
    set((state) => ({ popups: [...state.popups, notification] }));
    removalTimers.set(
      notification.id,
      setTimeout(() => get().dismiss(notification.id), timings.notificationPopupLifetimeMs),
    );
  },
  dismiss: (id) => {
    clearTimeout(removalTimers.get(id));
    removalTimers.delete(id);
    set((state) => ({ popups: state.popups.filter((popup) => popup.id !== id) }));
  },
  attachHost: () => {
    set((state) => ({ hosts: state.hosts + 1 }));
    return () => set((state) => ({ hosts: state.hosts - 1 }));
  },
}));
