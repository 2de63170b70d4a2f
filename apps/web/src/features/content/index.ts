// The content feature's public surface: other features and the app shell import only this file (pages are loaded lazily by app/routes.ts, not from here).
export { contentKeys, fetchStaticPage } from "./content-api";
