import { type ComponentProps, lazy, Suspense } from "react";
import type { SayHiDialog as SayHiDialogNow } from "./SayHiDialog";

const SayHiDialogChunk = lazy(() => import("./SayHiDialog").then((module) => ({ default: module.SayHiDialog })));

/**
 * "Say hi" opens on a click: its code (sending, prices, credits, the push offer) loads then, not with the
 * profile cards that offer it (the dashboard's first load).
 */
export function SayHiDialog(props: ComponentProps<typeof SayHiDialogNow>) {
  return (
    <Suspense fallback={null}>
      <SayHiDialogChunk {...props} />
    </Suspense>
  );
}
