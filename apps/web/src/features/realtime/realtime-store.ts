import { create } from "zustand";

/** pusher-js connection states (spec §4), mirrored for the UI. */
export type ConnectionState = "initialized" | "connecting" | "connected" | "unavailable" | "failed" | "disconnected";

export const useRealtimeStore = create<{ state: ConnectionState; setState(state: ConnectionState): void }>((set) => ({
  state: "initialized",
  setState: (state) => set({ state }),
}));

/** Fired on window when a CreditsEarned event arrives (spec §4: "raises a credits-earned event"). */
export const CREDITS_EARNED_EVENT = "velvet:credits-earned";
