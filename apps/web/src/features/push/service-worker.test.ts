import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";

type Listener = (event: unknown) => void;

/**
 * public/sw.js run in a stand-in for the worker's global scope: Chromium offers no way to click a system
 * notification from a test, so the click handler is driven here with the events the browser would send.
 */
function loadServiceWorker(windows: Array<{ url: string; navigate?: (url: string) => Promise<unknown> }>) {
  const listeners = new Map<string, Listener>();
  const clients = {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
    claim: vi.fn(async () => undefined),
  };
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    clients,
    location: { origin: "https://www.example.com.au" },
    registration: { showNotification: vi.fn(async () => undefined) },
  };
  const source = readFileSync(path.resolve(__dirname, "../../../public/sw.js"), "utf8");
  runInNewContext(source, { self, clients, URL });
  return { listeners, clients, self };
}

async function dispatch(listener: Listener | undefined, event: Record<string, unknown>) {
  let work: Promise<unknown> = Promise.resolve();
  listener?.({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
  await work;
}

describe("the service worker", () => {
  it("shows a push with its title, body, tag and the page to open", async () => {
    const { listeners, self } = loadServiceWorker([]);
    const payload = { title: "Velvet Hearts", body: "sam sent you a message", tag: "m:1", url: "/message/abc" };
    await dispatch(listeners.get("push"), { data: { json: () => payload } });
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      "Velvet Hearts",
      expect.objectContaining({ body: "sam sent you a message", tag: "m:1", data: { url: "/message/abc" } }),
    );
  });

  it("opens the notification's page in a new window when no tab of the site is open", async () => {
    const { listeners, clients } = loadServiceWorker([{ url: "https://elsewhere.example/" }]);
    const close = vi.fn();
    await dispatch(listeners.get("notificationclick"), { notification: { close, data: { url: "/profile/u-1" } } });
    expect(close).toHaveBeenCalled();
    expect(clients.openWindow).toHaveBeenCalledWith("https://www.example.com.au/profile/u-1");
  });

  it("takes an open tab of the site to the conversation and brings it to the front", async () => {
    const focus = vi.fn(async () => undefined);
    const navigate = vi.fn(async () => ({ focus }));
    const { listeners, clients } = loadServiceWorker([{ url: "https://www.example.com.au/dashboard", navigate }]);
    await dispatch(listeners.get("notificationclick"), {
      notification: { close: vi.fn(), data: { url: "/message/c-9" } },
    });
    expect(navigate).toHaveBeenCalledWith("https://www.example.com.au/message/c-9");
    expect(focus).toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it("never opens another site from a notification, only a page of this one", async () => {
    const { listeners, clients } = loadServiceWorker([]);
    await dispatch(listeners.get("notificationclick"), {
      notification: { close: vi.fn(), data: { url: "//evil.example/phish" } },
    });
    expect(clients.openWindow).toHaveBeenCalledWith("https://www.example.com.au/dashboard");
  });
});
