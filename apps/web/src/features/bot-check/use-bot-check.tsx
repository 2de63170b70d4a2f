import { botCheckMessages } from "@velvet/shared/api/bot-check";
import type { AltchaWidgetElement } from "altcha/types/generic";
import { useCallback, useEffect, useRef, useState } from "react";
import { clientConfig } from "../../lib/client-config";
import { useValidationStore } from "../../lib/validation-store";

type BotCheckState = "idle" | "verifying" | "verified" | "failed";

/**
 * The bot check of a guest form (BOT_CHECK=altcha): the ALTCHA widget solves a
 * proof of work in the background from the visitor's first focus in the form,
 * and the form sends the solution as `altcha`. A solution is good for one
 * request, so a failed request starts the next one at once. With the check off
 * (or an external provider) it does nothing and sends nothing.
 */
export function useBotCheck({ enabled = true }: { enabled?: boolean } = {}) {
  const active = enabled && clientConfig().botCheck.mode === "altcha";
  const host = useRef<HTMLSpanElement>(null);
  const widget = useRef<AltchaWidgetElement | null>(null);
  const solution = useRef<Promise<string | undefined> | null>(null);
  const mounted = useRef(true);
  const [state, setState] = useState<BotCheckState>("idle");

  const solve = useCallback((): Promise<string | undefined> => {
    solution.current ??= (async () => {
      setState("verifying");
      try {
        const element = host.current;
        if (!element) throw new Error("bot check is not on the page");
        const { altchaWidgetIn } = await import("./altcha-widget");
        widget.current = await altchaWidgetIn(element);
        const payload = (await widget.current.verify())?.payload;
        if (mounted.current) setState(payload ? "verified" : "failed");
        if (!payload) solution.current = null;
        return payload;
      } catch {
        if (mounted.current) setState("failed");
        solution.current = null;
        return undefined;
      }
    })();
    return solution.current;
  }, []);

  useEffect(() => {
    mounted.current = true;
    const form = host.current?.closest("form");
    if (!active || !form) return;
    const start = () => void solve();
    form.addEventListener("focusin", start, { once: true });
    return () => {
      mounted.current = false;
      form.removeEventListener("focusin", start);
      // Stops a solve still running; once the element has left the page its methods are gone with it.
      const element = widget.current;
      if (element?.isConnected && typeof element.reset === "function") element.reset();
    };
  }, [active, solve]);

  /** Sends with a fresh solution (waiting for it if the visitor was quick); a failure prepares the next one. */
  const send = useCallback(
    async <T,>(request: (altcha: string | undefined) => Promise<T>): Promise<T> => {
      if (!active) return request(undefined);
      const altcha = await solve();
      solution.current = null;
      try {
        return await request(altcha);
      } catch (error) {
        if (mounted.current) void solve();
        throw error;
      }
    },
    [active, solve],
  );

  const status = active ? <BotCheckStatus host={host} state={state} /> : null;
  return { send, status };
}

/** Shows only "Verifying…" to sighted visitors; screen readers hear each state, and the server's refusal. */
function BotCheckStatus({ host, state }: { host: React.RefObject<HTMLSpanElement | null>; state: BotCheckState }) {
  const refused = useValidationStore((store) => store.errors.altcha);
  const problem = state === "failed" ? botCheckMessages.failed : state === "verifying" ? undefined : refused;
  // `contents`: no box of its own, so an idle check leaves no gap in the form's spacing.
  return (
    <div className="contents">
      <span ref={host} hidden />
      <p
        role="status"
        aria-live="polite"
        className={`flex items-center gap-2 text-sm text-muted ${state === "verifying" ? "-mt-2 mb-4" : ""}`}
      >
        {state === "verifying" ? (
          <>
            <span
              className="size-3.5 animate-spin rounded-full border-2 border-velvet-200 border-t-velvet-600"
              aria-hidden="true"
            />
            {botCheckMessages.verifying}
          </>
        ) : state === "verified" && !problem ? (
          <span className="sr-only">{botCheckMessages.verified}</span>
        ) : null}
      </p>
      {problem ? (
        <p role="alert" className="-mt-2 mb-4 text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
