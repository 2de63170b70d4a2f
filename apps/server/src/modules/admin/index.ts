// The admin module's public surface: other modules and the app's wiring import only this file.
export { auditImpersonatedRequests } from "./impersonation-audit";
export { exchangeImpersonationToken } from "./impersonation-service";
export { adminRoutes } from "./routes";
