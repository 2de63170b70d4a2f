// The credits feature's public surface: other features and the app shell import only this file (pages are loaded lazily by app/routes.ts, not from here).

export { applyBalance, balanceLabel } from "./balance";
export { formatCentsText, formatPrice } from "./money";
export { PackageCard } from "./PackageCard";
export { PassCard, VipCard } from "./ProductCards";
export { PurchasesSection } from "./PurchasesSection";
export { forgetReturnAfterPurchase, rememberReturnAfterPurchase, returnAfterPurchase } from "./purchase-return";
export { SpendingLimitSection } from "./SpendingLimitSection";
export { ShelfSkeleton, TrustRow } from "./StorePieces";
export { useSelectedPackage } from "./selected-package";
export { useChoosePackage, useCreditShelf } from "./use-credit-shelf";
