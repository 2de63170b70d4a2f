import type Pusher from "pusher-js";
import { create } from "zustand";

/** pusher-js connection states (spec §4), mirrored for the UI. */
export type ConnectionState = "initialized" | "connecting" | "connected" | "unavailable" | "failed" | "disconnected";

interface RealtimeState {
  state: ConnectionState;
  /**
   * The live connection, for features that listen on their own channels (an open
   * conversation). A type-only import: pusher-js itself stays in the lazily loaded chunk.
   */
  pusher: Pusher | null;
  setState(state: ConnectionState): void;
  setPusher(pusher: Pusher | null): void;
}

export const useRealtimeStore = create<RealtimeState>((set) => ({
  state: "initialized",
  pusher: null,
  setState: (state) => set({ state }),
  setPusher: (pusher) => set({ pusher }),
}));

/** Fired on window when a CreditsEarned event arrives (spec §4: "raises a credits-earned event"). */
export const CREDITS_EARNED_EVENT = "velvet:credits-earned";
