// The content module's public surface: other modules and the app's wiring import only this file.
export { ensureStaticPages } from "./page-catalogue";
export { contentRoutes } from "./routes";
