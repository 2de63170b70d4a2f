// The triggers module's public surface: other modules and the app's wiring import only this file.
export { adminTriggerRoutes } from "./routes";
export { TRIGGER_JOB, TriggerJob } from "./trigger-job";
