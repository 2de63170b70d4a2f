import { create } from "zustand";

/**
 * The request-progress counter behind the loading bar (spec §7): every request
 * and page load starts one unit and finishes or fails it. The bar is visible
 * while the counter is above zero and turns red if any unit failed.
 */
interface RequestProgressState {
  active: number;
  failed: boolean;
  /** Bumped on each new burst so the bar restarts its animation. */
  burst: number;
  start(): void;
  finish(): void;
  fail(): void;
}

export const useRequestProgress = create<RequestProgressState>((set) => ({
  active: 0,
  failed: false,
  burst: 0,
  start: () =>
    set((state) =>
      state.active === 0 ? { active: 1, failed: false, burst: state.burst + 1 } : { active: state.active + 1 },
    ),
  finish: () => set((state) => ({ active: Math.max(0, state.active - 1) })),
  fail: () => set((state) => ({ active: Math.max(0, state.active - 1), failed: true })),
}));

export const requestProgress = {
  start: () => useRequestProgress.getState().start(),
  finish: () => useRequestProgress.getState().finish(),
  fail: () => useRequestProgress.getState().fail(),
};
