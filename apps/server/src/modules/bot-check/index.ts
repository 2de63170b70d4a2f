// The bot-check module's public surface: other modules and the app's wiring import only this file.
export { botCheckGuard } from "./guard";
export { botCheckRoutes } from "./routes";
