// The floor of the first-load measurement: the least a page built on our libraries ships.
// React (as production builds serve it: preact/compat), React Router (a browser router with one route) and TanStack
// Query, rendering one line.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";

const router = createBrowserRouter([{ path: "*", element: createElement("p", null, "Hello") }]);
createRoot(document.getElementById("root")).render(
  createElement(QueryClientProvider, { client: new QueryClient() }, createElement(RouterProvider, { router })),
);
