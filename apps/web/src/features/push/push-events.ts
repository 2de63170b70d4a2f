/** Said on window when this browser's subscription changed behind a page's back (PushSync, after sign-in). */
export const PUSH_SUBSCRIPTION_CHANGED = "velvet:push-subscription-changed";
