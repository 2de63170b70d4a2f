import { apiHeaders } from "@velvet/shared/api/headers";
import {
  type EndpointDefinition,
  type EndpointInput,
  type EndpointResult,
  endpointPath,
  type InputOptional,
} from "@velvet/shared/contract/endpoint";
import { authMessages } from "@velvet/shared/validation/messages";
import type { z } from "zod";
import { readAccessToken } from "./auth-storage";
import { refreshDeviceId } from "./device-id";
import { goTo } from "./navigation";
import { requestProgress } from "./request-progress";
import {
  OUTAGE_RETRIES,
  outageRetryDelayMs,
  unavailableKind,
  useServiceStatus,
  waitUnlessAborted,
} from "./service-status";
import { handleErrorStatus, useValidationStore } from "./validation-store";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** A 429's Retry-After, for telling the member how long to wait. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiRequestOptions<T> {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Validates the response with the shared schema (and gives the result its type). */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** false: do not move the loading bar (background polling). */
  progress?: boolean;
  /** Reads a successful answer by its status (callEndpoint's contract check). */
  readSuccess?: (payload: unknown, status: number) => T;
}

const API_BASE = "/api";

/** Endpoints whose 401 means "wrong credentials" or "session over", never "refresh and retry". */
const NO_RENEW_PATHS = ["/login", "/register", "/refresh", "/logout", "/impersonate", "/password/", "/email/verify"];

type SessionRenewer = () => Promise<boolean>;
let renewSession: SessionRenewer = async () => false;

/** The accounts feature installs this: it rotates the refresh cookie and stores the new access token. */
export function setSessionRenewer(renewer: SessionRenewer): void {
  renewSession = renewer;
}

let sessionEnded: () => void = () => {};

/**
 * The auth feature installs this: a token the server refuses and a refresh cannot replace means the
 * session ended elsewhere (signed out on another device, password changed). Every page, the
 * consoles included, then goes to sign-in instead of carrying on half-working as a guest.
 */
export function setSessionEndedHandler(handler: () => void): void {
  sessionEnded = handler;
}

let accountSuspended: () => void = () => {};

/** The accounts feature installs this: a suspended account's token is refused everywhere, so sign out here too. */
export function setSuspensionHandler(handler: () => void): void {
  accountSuspended = handler;
}

function buildUrl(path: string, query: ApiRequestOptions<unknown>["query"]): string {
  const url = `${API_BASE}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * The one way the web app calls the API (spec §7): site key, Device-ID and bearer
 * token on every call; validation errors cleared first and stored on 422; the
 * maintenance switch's 503 sends the visitor to /maintenance, any other 503 is
 * retried while a notice says so; every error status reaches the login-failed
 * handler; the loading bar fails unless the call was cancelled or untracked.
 */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  return sendRequest(method, path, options, true, 0);
}

async function sendRequest<T>(
  method: string,
  path: string,
  options: ApiRequestOptions<T>,
  mayRenew: boolean,
  outageAttempt: number,
): Promise<T> {
  const validation = useValidationStore.getState();
  validation.clearErrors();
  const tracked = options.progress !== false;
  if (tracked) requestProgress.start();

  const headers: Record<string, string> = { Accept: "application/json", [apiHeaders.siteKey]: __SITE_KEY__ };
  // Refreshed on each request (spec §7): recomputed if a fingerprint component changed.
  const deviceId = refreshDeviceId();
  if (deviceId) headers[apiHeaders.deviceId] = deviceId;
  const token = readAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // Multipart bodies (uploads) set their own Content-Type with the boundary.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? null : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal ?? null,
      credentials: "same-origin",
    });
  } catch (error) {
    const cancelled = error instanceof DOMException && error.name === "AbortError";
    if (tracked) cancelled ? requestProgress.finish() : requestProgress.fail();
    throw error;
  }

  // An expired access token: renew the session once and replay the request.
  const renewable = response.status === 401 && token && !NO_RENEW_PATHS.some((prefix) => path.startsWith(prefix));
  if (renewable && mayRenew) {
    if (tracked) requestProgress.finish();
    if (await renewSession()) return sendRequest(method, path, options, false, outageAttempt);
    if (tracked) requestProgress.start();
    // The renewer drops the token only when the server refused the refresh; a network failure keeps it.
    if (!readAccessToken()) sessionEnded();
  } else if (renewable) {
    // Refused again with the token just issued: the session is over whatever the refresh said.
    sessionEnded();
  }

  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  const unavailable = unavailableKind(response.status, payload);
  // An outage's 503 means nothing was done (the server answers it when the database is unreachable,
  // before any commit), so the request is sent again; the notice shows until the last retry settles.
  if (unavailable === "outage" && outageAttempt < OUTAGE_RETRIES) {
    if (tracked) requestProgress.finish();
    const status = useServiceStatus.getState();
    status.retryStarted();
    try {
      await waitUnlessAborted(outageRetryDelayMs(outageAttempt, response.headers.get("Retry-After")), options.signal);
      return await sendRequest(method, path, options, mayRenew, outageAttempt + 1);
    } finally {
      status.retryEnded();
    }
  }
  if (!response.ok) {
    if (tracked) requestProgress.fail();
    const body = (payload ?? {}) as { message?: string; errors?: Record<string, string[]> };
    if (response.status === 422 && body.errors) useValidationStore.getState().setErrors(body.errors);
    if (response.status === 403 && token && body.message === authMessages.suspended) accountSuspended();
    handleErrorStatus(response.status);
    if (unavailable === "maintenance" && window.location.pathname !== "/maintenance") {
      goTo("/maintenance", { replace: true });
    }
    const retryAfter = Number.parseInt(response.headers.get("Retry-After") ?? "", 10);
    throw new ApiError(
      response.status,
      body.message ?? response.statusText,
      body.errors,
      Number.isFinite(retryAfter) ? retryAfter : null,
    );
  }
  if (tracked) requestProgress.finish();
  if (options.readSuccess) return options.readSuccess(payload, response.status);
  return options.schema ? options.schema.parse(payload) : (payload as T);
}

export const api = {
  get: <T>(path: string, options?: ApiRequestOptions<T>) => apiRequest<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: ApiRequestOptions<T>) =>
    apiRequest<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: ApiRequestOptions<T>) =>
    apiRequest<T>("PUT", path, { ...options, body }),
  delete: <T>(path: string, options?: ApiRequestOptions<T>) => apiRequest<T>("DELETE", path, options),
};

export interface CallOptions {
  signal?: AbortSignal;
  /** false: do not move the loading bar (background polling). */
  progress?: boolean;
}

type CallArguments<E extends EndpointDefinition> =
  InputOptional<E> extends true
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/**
 * Answers are checked against the contract in development, in the unit tests and in the build the
 * end-to-end tests run (VITE_CHECK_API_RESPONSES=1, set by `npm run test:e2e`); a production build
 * trusts the server, which checks its own replies against the same schemas outside production. The build
 * decides (vite.config.ts `checksResponses`), and the same decision reduces the contract to its route table.
 */
const checkResponses = __CHECK_API_RESPONSES__;

function checkedAnswer(endpoint: EndpointDefinition, payload: unknown, status: number): unknown {
  const schema = endpoint.responses[status];
  const where = `${endpoint.method} ${endpoint.path}`;
  if (schema === undefined) throw new Error(`${where} answered ${status}, which its contract does not declare`);
  if (schema === null) return null;
  const result = schema.safeParse(payload);
  if (!result.success) throw new Error(`The answer of ${where} does not match its contract: ${result.error.message}`);
  return result.data;
}

/**
 * Calls one endpoint of the shared contract (packages/shared/src/contract): path parameters filled in
 * and encoded, the input and the answer typed from the endpoint's schemas. Every web call goes through
 * here except uploads (multipart, see docs/api.md) and pusher-js's own channel authorisation.
 */
export function callEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  ...[input, options]: CallArguments<E>
): Promise<EndpointResult<E>> {
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: object; body?: unknown };
  const path = endpointPath(endpoint.path, parts.params);
  if (!path.startsWith(API_BASE)) throw new Error(`${endpoint.path} is not under ${API_BASE}`);
  return apiRequest<EndpointResult<E>>(endpoint.method, path.slice(API_BASE.length), {
    body: parts.body,
    query: parts.query as ApiRequestOptions<unknown>["query"],
    signal: options?.signal,
    progress: options?.progress,
    readSuccess: (payload, status) =>
      (checkResponses ? checkedAnswer(endpoint, payload, status) : payload) as EndpointResult<E>,
  });
}
