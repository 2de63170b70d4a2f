import "sonner/dist/styles.css";
import type { CSSProperties } from "react";
import { Toaster } from "sonner";

/** sonner's toaster in the site's colours; its stylesheet is a CSS asset here (see vite.config.ts). */
const velvetToasts = {
  "--normal-bg": "var(--color-velvet-900)",
  "--normal-text": "#fff",
  "--normal-border": "rgb(255 255 255 / 0.08)",
  "--border-radius": "1rem",
  fontFamily: "var(--font-sans)",
} as CSSProperties;

export default function SonnerToaster() {
  return (
    <Toaster
      position="top-center"
      containerAriaLabel="Alerts"
      style={velvetToasts}
      toastOptions={{ classNames: { toast: "shadow-lift! text-sm!", actionButton: "rounded-pill! font-semibold!" } }}
    />
  );
}
