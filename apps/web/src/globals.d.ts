/** Injected by vite.config.ts at build time. */
declare const __SITE_KEY__: string;
declare const __LOCAL_ENVIRONMENT__: boolean;

interface ImportMetaEnv {
  /** "1" in the build the end-to-end tests run: callEndpoint checks every answer against its contract. */
  readonly VITE_CHECK_API_RESPONSES?: string;
}
