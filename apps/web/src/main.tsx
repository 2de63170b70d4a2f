import "./ui/theme.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { captureBootShell } from "./app/BootShell";
import { listenForPreloadErrors } from "./app/chunk-reload";
import { disableContextMenuOutsideLocal } from "./app/context-menu";
import { FatalErrorFallback } from "./app/ErrorPages";
import { preloadCurrentPage } from "./app/preload-page";
import { createAppRouter } from "./app/router";
import { startSessionKeeper } from "./features/auth";
import { preloadConsentBanner } from "./features/consent";
import { fetchClientConfig } from "./lib/client-config";
import { scheduleDeviceId } from "./lib/device-id";

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

async function start() {
  const rootElement = document.getElementById("root") as HTMLElement;
  captureBootShell(rootElement);
  const root = createRoot(rootElement);
  listenForPreloadErrors();
  disableContextMenuOutsideLocal(__LOCAL_ENVIRONMENT__);
  scheduleDeviceId();
  startSessionKeeper();
  preloadCurrentPage(window.location.pathname);
  preloadConsentBanner();
  try {
    await fetchClientConfig();
  } catch {
    root.render(<FatalErrorFallback />);
    return;
  }
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
