// Loading one target with autocannon, shared by run.mjs and count-statements.mjs.
import autocannon from "autocannon";
import { BENCH_MEMBER } from "../bench-database.mjs";
import { BENCH_SITE_KEY } from "./servers.mjs";

export async function signIn(url, email = BENCH_MEMBER.email) {
  const response = await fetch(`${url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Site-Key": BENCH_SITE_KEY },
    body: JSON.stringify({ email, password: BENCH_MEMBER.password }),
  });
  if (!response.ok) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  return (await response.json()).data.access_token;
}

/** Loads one target with one request; any answer but 2xx makes the whole run fail. */
export async function load(url, request, headers, connections, seconds, { amount } = {}) {
  // perConnection: each connection acts as its own client (own token, own path), with a fresh body per request.
  let nextSlot = 0;
  const perConnection = request.perConnection
    ? {
        requests: [
          {
            setupRequest: (req, context) => {
              context.slot ??= nextSlot++ % request.perConnection.length;
              const slot = request.perConnection[context.slot];
              return {
                ...req,
                path: slot.path,
                headers: { ...req.headers, ...slot.headers, "Content-Type": "application/json" },
                body: JSON.stringify(slot.body()),
              };
            },
          },
        ],
      }
    : {};
  const result = await autocannon({
    url: `${url}${request.path ?? ""}`,
    method: request.method ?? "GET",
    headers: { ...headers, ...(request.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    connections,
    ...(amount === undefined ? { duration: seconds } : { amount }),
    ...perConnection,
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${url}${request.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
