import type { FastifyRequest } from "fastify";
import { addressKey } from "./address-key";

/**
 * Limits on what a signed-in member does count per member, not per address: members share mobile
 * carrier addresses, and one member's burst must not lock out everyone behind the same address. Use with
 * `hook: "preHandler"` so authentication has run; before it (or for a guest) the address is the key.
 */
export function memberOrAddressKey(request: FastifyRequest): string {
  return request.auth ? `member:${request.auth.user.id}` : addressKey(request.ip);
}
