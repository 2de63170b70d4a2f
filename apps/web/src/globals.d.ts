/** Injected by vite.config.ts at build time. */
declare const __SITE_KEY__: string;
declare const __LOCAL_ENVIRONMENT__: boolean;
/** Whether the web app checks the API's answers against the contract (vite.config.ts `checksResponses`). */
declare const __CHECK_API_RESPONSES__: boolean;
