/** Injected by vite.config.ts at build time. */
declare const __SITE_KEY__: string;
declare const __LOCAL_ENVIRONMENT__: boolean;
