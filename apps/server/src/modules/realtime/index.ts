// The realtime module's public surface: other modules and the app's wiring import only this file.
export { realtimeAuthRoutes } from "./auth-routes";
export { createBroadcaster } from "./broadcaster";
export { createRealtimeServer } from "./create-realtime-server";
export { realtimeHttpApi } from "./http-api";
export {
  OUTBOX_PRUNE_EVERY_MS,
  OUTBOX_PRUNE_JOB,
  OutboxDispatcher,
  recordingEventsTogether,
  recordRealtimeEvent,
} from "./outbox";
export { registerChannelRule, UUID_PATTERN } from "./policy";
export type { RealtimeServer } from "./server";
export { constantTimeEquals } from "./signatures";
