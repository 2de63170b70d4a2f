import { create } from "zustand";
import { fetchPushPublicKey, forgetPushSubscription, savePushSubscription } from "./push-api";

/** Where this browser stands: no support, not asked yet, refused, or subscribed. */
export type PushState = "unsupported" | "default" | "denied" | "granted";

const SERVICE_WORKER_URL = "/sw.js";
/** "Not now" on the offer keeps it away this long. */
const SNOOZE_MS = 14 * 24 * 3600_000;
const SNOOZED_UNTIL_KEY = "velvet:push-offer-snoozed-until";

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    typeof Notification !== "undefined"
  );
}

export function pushState(): PushState {
  return pushSupported() ? Notification.permission : "unsupported";
}

/** The service worker (installable app, pushes with the site closed). Registered on load: it asks nothing. */
export function registerServiceWorker(): void {
  if (!pushSupported()) return;
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => {
    // Without it the site still works; pushes simply do not arrive while it is closed.
  });
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index++) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

/**
 * Asks the browser for permission (only ever from a click: browsers ignore prompts nobody asked for), then
 * subscribes and hands the subscription to the server. Answers the resulting state.
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  usePushOffer.getState().close();
  if (permission !== "granted") return permission;
  await subscribeThisBrowser();
  return "granted";
}

/** Keeps the server's copy of this browser's subscription in step (after sign-in it belongs to this member). */
export async function subscribeThisBrowser(): Promise<void> {
  registerServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  const key = await fetchPushPublicKey();
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(key),
  });
  await savePushSubscription(subscription.toJSON());
}

function sameKey(current: ArrayBuffer | null, key: string): boolean {
  if (!current) return false;
  const expected = applicationServerKey(key);
  const actual = new Uint8Array(current);
  return actual.length === expected.length && actual.every((byte, index) => byte === expected[index]);
}

/**
 * Stops pushes to this browser: the member's choice here (the server forgets it at once), or signing out of a
 * shared computer (no session to tell the server with: the push service then answers "gone" and the server
 * drops the subscription at its next push).
 */
export async function disablePush(options: { tellServer: boolean }): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  if (options.tellServer) await forgetPushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/** Whether this browser holds a push subscription now. */
export async function hasPushSubscription(): Promise<boolean> {
  if (!pushSupported()) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

interface PushOfferState {
  open: boolean;
  close(): void;
}

/** The in-page offer to turn push on, shown once a conversation has started (never on first load). */
export const usePushOffer = create<PushOfferState>((set) => ({
  open: false,
  close: () => set({ open: false }),
}));

/**
 * The member just started a conversation: the moment a notification of the reply is worth asking for. Nothing
 * happens if the browser cannot, was already answered, or "Not now" was said lately.
 */
export function offerPushAfterConversationStarts(): void {
  if (pushState() !== "default") return;
  if (Number(localStorage.getItem(SNOOZED_UNTIL_KEY) ?? 0) > Date.now()) return;
  usePushOffer.setState({ open: true });
}

export function snoozePushOffer(): void {
  localStorage.setItem(SNOOZED_UNTIL_KEY, String(Date.now() + SNOOZE_MS));
  usePushOffer.getState().close();
}
