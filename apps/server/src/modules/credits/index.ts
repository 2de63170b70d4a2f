// The credits module's public surface: other modules and the app's wiring import only this file.
export { ensureCreditPackages, findActivePackage, listActivePackages } from "./packages";
export { hasUnlimitedPass, PASS_FREE_TYPES } from "./pass";
export { ensureMessagePrices, listMessagePrices, messagePriceSql } from "./prices";
export { formatCents, isVip, quotePackage } from "./pricing";
export { creditRoutes } from "./routes";
