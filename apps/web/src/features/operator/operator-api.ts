import type { TMemberNoteRequest, TOperatorQueueQuery, TOperatorReplyRequest } from "@velvet/shared/api/operator";
import { operatorEndpoints as endpoints } from "@velvet/shared/contract/operator";
import { callEndpoint } from "../../lib/api-client";

/** The console's calls; polling ones leave the loading bar alone. */
export const operatorKeys = {
  all: ["operator"] as const,
  queue: (filters: TOperatorQueueQuery) => ["operator", "queue", filters] as const,
  context: (uuid: string) => ["operator", "context", uuid] as const,
  templates: (profileUuid: string) => ["operator", "templates", profileUuid] as const,
  stats: (day: string) => ["operator", "stats", day] as const,
};

export function fetchQueue(filters: TOperatorQueueQuery) {
  return callEndpoint(endpoints.queue, { query: filters }, { progress: false });
}

export function fetchContext(uuid: string) {
  return callEndpoint(endpoints.context, { params: { uuid } }).then((response) => response.data);
}

export function fetchNewMessages(uuid: string, after: number) {
  return callEndpoint(endpoints.messages, { params: { uuid }, query: { after, limit: 100 } }, { progress: false }).then(
    (response) => response.data,
  );
}

export function fetchOlderMessages(uuid: string, before: number) {
  return callEndpoint(endpoints.messages, { params: { uuid }, query: { before } });
}

export function takeLock(uuid: string) {
  return callEndpoint(endpoints.takeLock, { params: { uuid } }).then((response) => response.data);
}

export function renewLock(uuid: string) {
  return callEndpoint(endpoints.renewLock, { params: { uuid } }, { progress: false }).then((response) => response.data);
}

export function releaseLock(uuid: string) {
  return callEndpoint(endpoints.releaseLock, { params: { uuid } });
}

export function sendReply(uuid: string, body: TOperatorReplyRequest) {
  return callEndpoint(endpoints.reply, { params: { uuid }, body }).then((response) => response.data);
}

export function fetchTemplates(profileUuid: string) {
  return callEndpoint(endpoints.templates, { query: { profile: profileUuid } }, { progress: false }).then(
    (response) => response.data,
  );
}

export function addNote(memberUuid: string, body: TMemberNoteRequest) {
  return callEndpoint(endpoints.addNote, { params: { uuid: memberUuid }, body }).then((response) => response.data);
}

export function updateNote(id: number, body: TMemberNoteRequest) {
  return callEndpoint(endpoints.updateNote, { params: { id }, body }).then((response) => response.data);
}

export function deleteNote(id: number) {
  return callEndpoint(endpoints.deleteNote, { params: { id } });
}

export function fetchStats(day: string) {
  return callEndpoint(endpoints.stats, { query: { from: day, to: day } }, { progress: false }).then(
    (response) => response.data,
  );
}

/** The profile's "typing…" for the member; the server sends it at most every 2 seconds. */
export function sendTyping(uuid: string) {
  return callEndpoint(endpoints.typing, { params: { uuid } }, { progress: false });
}
