/**
 * Spec §9: outside a local environment the right-click context menu is disabled
 * across the app. "Local" means the Vite development server (`npm run dev`,
 * mode "development", compiled in as __LOCAL_ENVIRONMENT__): that is where
 * developers need the browser's menu (inspect, open in new tab). Every build
 * served by the app server, staging and production alike, disables it. It is a
 * build-time fact rather than a client-config one so the rule holds from the
 * first paint, before the configuration has loaded.
 */
export function disableContextMenuOutsideLocal(local: boolean, target: EventTarget = document): () => void {
  if (local) return () => {};
  const prevent = (event: Event) => event.preventDefault();
  target.addEventListener("contextmenu", prevent);
  return () => target.removeEventListener("contextmenu", prevent);
}
