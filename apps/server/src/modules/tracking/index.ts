// The tracking module's public surface: other modules and the app's wiring import only this file.
export { trackingRoutes } from "./routes";
