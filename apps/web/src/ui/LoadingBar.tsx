import { timings } from "@velvet/shared/constants/limits";
import { useEffect, useState } from "react";
import { useRequestProgress } from "../lib/request-progress";

/**
 * The top loading bar (spec §2): appears only if work lasts longer than the
 * 200 ms throttle, creeps towards the end over 5 s, then completes or turns red.
 */
export function LoadingBar() {
  const active = useRequestProgress((state) => state.active);
  const failed = useRequestProgress((state) => state.failed);
  const burst = useRequestProgress((state) => state.burst);
  const [phase, setPhase] = useState<"hidden" | "running" | "done">("hidden");

  useEffect(() => {
    if (active > 0) {
      const timer = setTimeout(() => setPhase("running"), timings.loadingBarThrottleMs);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === "running" ? "done" : current === "done" ? "done" : "hidden"));
  }, [active]);

  useEffect(() => {
    if (phase !== "done") return;
    const timer = setTimeout(() => setPhase("hidden"), 400);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === "hidden") return null;
  const color = failed ? "bg-danger" : "bg-gradient-to-r from-rose-500 via-velvet-400 to-rose-400";
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-busy={phase === "running"}
      data-state={failed ? "failed" : phase}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] h-[3px]"
    >
      <div
        key={burst}
        className={`h-full origin-left ${color} transition-opacity`}
        style={
          phase === "running"
            ? { animation: `loading-bar-grow ${timings.loadingBarDurationMs}ms ease-out forwards` }
            : { transform: "scaleX(1)", opacity: 0, transitionDuration: "400ms" }
        }
      />
    </div>
  );
}
