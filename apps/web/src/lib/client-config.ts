import { apiHeaders } from "@velvet/shared/api/headers";
import type { TClientConfig } from "@velvet/shared/api/system";
import type { EndpointResult } from "@velvet/shared/contract/endpoint";
import type { systemEndpoints } from "@velvet/shared/contract/system";
import { refreshDeviceId } from "./device-id";

/**
 * The public client configuration, read once at start (spec §7), so one build
 * serves any deployment. Later reads (the maintenance page) refetch it.
 */
let current: TClientConfig | null = null;

export class ClientConfigError extends Error {
  constructor(readonly status: number) {
    super(`client-config answered ${status}`);
  }
}

/**
 * Not through callEndpoint: this runs before the app mounts, so it must not move the loading bar, retry an
 * outage, redirect to /maintenance or wait for the contract's zod to load; its caller decides what a failure
 * means. The answer's type still comes from the contract (systemEndpoints.clientConfig), types only.
 */
export async function fetchClientConfig(): Promise<TClientConfig> {
  // Every request carries the site key and the Device-ID (spec §7), this first one too.
  const deviceId = refreshDeviceId();
  const response = await fetch("/api/client-config", {
    headers: {
      Accept: "application/json",
      [apiHeaders.siteKey]: __SITE_KEY__,
      ...(deviceId ? { [apiHeaders.deviceId]: deviceId } : {}),
    },
    cache: "no-store",
  });
  if (!response.ok) throw new ClientConfigError(response.status);
  // Not parsed with the shared zod schema here: that would put zod in the first-load bundle.
  // The server's response serializer already enforces the schema.
  const body = (await response.json()) as Partial<EndpointResult<typeof systemEndpoints.clientConfig>>;
  if (!body.data || typeof body.data.maintenance !== "boolean") throw new ClientConfigError(response.status);
  current = body.data;
  return body.data;
}

export function clientConfig(): TClientConfig {
  if (!current) throw new Error("client configuration not loaded yet");
  return current;
}

export function setMaintenanceFlag(maintenance: boolean): void {
  if (current) current = { ...current, maintenance };
}
