// The profiles feature's public surface: other features and the app shell import only this file (pages are loaded lazily by app/routes.ts, not from here).

