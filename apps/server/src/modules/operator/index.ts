// The operator module's public surface: other modules and the app's wiring import only this file.
export { operatorQueue } from "./queue-service";
export { operatorRoutes } from "./routes";
