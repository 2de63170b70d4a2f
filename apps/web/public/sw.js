// The service worker: shows Web Push notifications while the site is closed, and opens the right page on a click.
// No caching or offline pages here on purpose: the app's own requests keep going straight to the network.
/* global self, clients */

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = {};
  }
  const title = payload.title || "Velvet Hearts";
  const options = {
    body: payload.body || "Something new is waiting for you.",
    icon: payload.icon || "/icons/icon-192.png",
    badge: "/icons/badge-96.png",
    // One notification per conversation or sender and kind: a newer one replaces it, and still alerts.
    tag: payload.tag,
    renotify: Boolean(payload.tag),
    data: { url: sameOriginPath(payload.url) },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(sameOriginPath(event.notification.data?.url), self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: "window", includeUncontrolled: true });
      // A tab of the site already open is reused: it goes to the page and comes to the front. A tab this worker
      // does not control cannot be navigated from here; a new window opens the page instead.
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin || !("navigate" in client)) continue;
        const moved = await client.navigate(target.href).catch(() => null);
        if (moved) {
          await moved.focus();
          return;
        }
      }
      await clients.openWindow(target.href);
    })(),
  );
});

/** Only a path of this site is ever opened from a notification. */
function sameOriginPath(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/dashboard";
}
