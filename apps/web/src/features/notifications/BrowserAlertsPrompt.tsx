import { useState } from "react";
import { BellIcon } from "../../ui/icons";

const DISMISSED_KEY = "velvet:browser-alerts-dismissed";

function initialPermission(): NotificationPermission | "unsupported" {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/**
 * Asks for browser notifications (shown while the tab is hidden) only when the member
 * chooses to, from inside the list: never on load. Hidden once answered or dismissed.
 */
export function BrowserAlertsPrompt() {
  const [permission, setPermission] = useState(initialPermission);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === "1");
  if (permission !== "default" || dismissed) return null;
  return (
    <div className="flex items-center gap-3 border-t border-velvet-100 bg-cream-100/70 px-4 py-3 sm:px-5">
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-white text-rose-500 shadow-sm">
        <BellIcon className="size-4" />
      </span>
      <p className="min-w-0 flex-1 text-xs leading-snug text-velvet-800">
        Get a heads-up when someone writes while you're in another tab.
      </p>
      <button
        type="button"
        className="shrink-0 rounded-pill px-2 py-1 text-xs font-semibold text-muted hover:text-velvet-800"
        onClick={() => {
          localStorage.setItem(DISMISSED_KEY, "1");
          setDismissed(true);
        }}
      >
        Not now
      </button>
      <button
        type="button"
        className="shrink-0 rounded-pill bg-velvet-900 px-3 py-1.5 text-xs font-semibold text-white hover:bg-velvet-800"
        onClick={() => void Notification.requestPermission().then(setPermission)}
      >
        Turn on
      </button>
    </div>
  );
}
