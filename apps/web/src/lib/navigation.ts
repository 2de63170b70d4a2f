/**
 * Lets non-React code (the API client) navigate through the router without
 * importing it, which would load every route definition into the first chunk.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function goTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}
