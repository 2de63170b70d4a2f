import { Component, type ReactNode, useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { markFirstPageRendered } from "../lib/use-page-settled";
import { ErrorLayout } from "../ui/layouts/layouts";

export const notFoundMessage = "This page could not be found";

export function describeRouteError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" ? error.data : error.statusText;
    return { status: error.status, message: message || notFoundMessage };
  }
  if (error instanceof Error) {
    const status = "status" in error && typeof error.status === "number" ? error.status : 500;
    return { status, message: error.message };
  }
  return { status: 500, message: "" };
}

function ErrorContent({ status, message }: { status: number; message: string }) {
  const notFound = status === 404;
  return (
    <section className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="card w-full max-w-lg p-8 text-center sm:p-10">
        <p className="font-display text-6xl font-semibold text-transparent bg-gradient-to-r from-rose-500 to-velvet-600 bg-clip-text">
          {status}
        </p>
        {notFound ? (
          <h1 className="mt-4 text-2xl font-semibold text-velvet-900">{notFoundMessage}</h1>
        ) : (
          <>
            <h1 className="mt-4 text-2xl font-semibold text-velvet-900">Unfortunately, we have a problem</h1>
            <p className="mt-3 text-muted">
              We have encountered an unusual problem. Our technical team has been informed.
            </p>
            {message ? <p className="mt-2 text-sm text-muted/80">{message}</p> : null}
          </>
        )}
        <Link to="/" className="btn-primary mt-8">
          Back to home
        </Link>
      </div>
    </section>
  );
}

/** If rendering the error page itself fails, this plain fallback still gets the visitor home. */
class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <FatalErrorFallback />;
    return this.props.children;
  }
}

/** Route errors (spec §8): 404 for unmatched routes, otherwise the error's status (default 500) and message. */
export function RouteErrorPage() {
  const { status, message } = describeRouteError(useRouteError());
  // A first page that is an error page (a 404) is still the page: what waits for it to settle may start.
  useEffect(() => markFirstPageRendered(), []);
  return (
    <ErrorPageBoundary>
      <ErrorLayout>
        <ErrorContent status={status} message={message} />
      </ErrorLayout>
    </ErrorPageBoundary>
  );
}

export function FatalErrorFallback() {
  return (
    <div style={{ fontFamily: "system-ui, sans-serif", padding: "4rem 1rem", textAlign: "center" }}>
      <h1>Unfortunately, we have a problem</h1>
      <p>
        <a href="/">Go back to home</a>
      </p>
    </div>
  );
}
