// The push module's public surface: other modules and the app's wiring import only this file.
export { type ConnectionCheck, PUSH_JOB, PushDelivery, queuePush } from "./delivery";
export { pushRoutes } from "./routes";
