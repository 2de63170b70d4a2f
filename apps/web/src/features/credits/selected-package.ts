import type { TCreditPackage } from "@velvet/shared/api/credits";
import { create } from "zustand";

/**
 * The selected credit package (spec §3: one value, may be null). Client state
 * only: /credits/buy and the steps after it need one (the creditPayment guard),
 * so a reload there starts again at /credits/package.
 */
interface SelectedPackageState {
  selected: TCreditPackage | null;
  select(item: TCreditPackage): void;
  clear(): void;
}

export const useSelectedPackage = create<SelectedPackageState>((set) => ({
  selected: null,
  select: (item) => set({ selected: item }),
  clear: () => set({ selected: null }),
}));
