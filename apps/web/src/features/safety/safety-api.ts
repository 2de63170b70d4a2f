import { interactionEndpoints } from "@velvet/shared/contract/interactions";
import { callEndpoint } from "../../lib/api-client";

export function blockMember(uuid: string) {
  return callEndpoint(interactionEndpoints.block, { params: { uuid } });
}

export function unblockMember(uuid: string) {
  return callEndpoint(interactionEndpoints.unblock, { params: { uuid } });
}

export function fetchBlockedMembers(cursor: string | null) {
  return callEndpoint(interactionEndpoints.blocks, { query: { cursor: cursor ? Number(cursor) : undefined } });
}
