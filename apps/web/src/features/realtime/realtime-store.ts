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
  /**
   * True while the session is being confined (deactivating): the shell closes the connection and opens none,
   * even one whose code is still loading, until `resume`.
   */
  paused: boolean;
  setState(state: ConnectionState): void;
  setPusher(pusher: Pusher | null): void;
  pause(): void;
  resume(): void;
}

export const useRealtimeStore = create<RealtimeState>((set) => ({
  state: "initialized",
  pusher: null,
  paused: false,
  setState: (state) => set({ state }),
  setPusher: (pusher) => set({ pusher }),
  pause: () => set({ paused: true }),
  resume: () => set({ paused: false }),
}));

/** Fired on window when a CreditsEarned event arrives (spec §4: "raises a credits-earned event"). */
export const CREDITS_EARNED_EVENT = "velvet:credits-earned";
