// The sessions module's public surface: other modules and the app's wiring import only this file.
export { adminGuard, requireStaff } from "./admin-guard";
export { authOf, requireAuth } from "./authenticate";
export { endDeviceSession, endOtherDeviceSessions, listDeviceSessions } from "./devices";
export { optionalAuth } from "./optional-auth";
export { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from "./refresh-cookie";
export type { IssuedTokens } from "./session-service";
export { presentTokens, revokeAllSessions, revokeSession, rotateRefreshToken, startSession } from "./session-service";
