import {
  type TMemberNoteRequest,
  type TOperatorQueueQuery,
  type TOperatorReplyRequest,
  ZMemberNoteResponseSchema,
  ZOperatorContextResponseSchema,
  ZOperatorLockResponseSchema,
  ZOperatorMessagesResponseSchema,
  ZOperatorQueueResponseSchema,
  ZOperatorReplyResponseSchema,
  ZOperatorStatsResponseSchema,
  ZOperatorTemplatesResponseSchema,
} from "@velvet/shared/api/operator";
import { api } from "../../lib/api-client";

/** The console's calls; polling ones leave the loading bar alone. */
export const operatorKeys = {
  all: ["operator"] as const,
  queue: (filters: TOperatorQueueQuery) => ["operator", "queue", filters] as const,
  context: (uuid: string) => ["operator", "context", uuid] as const,
  templates: (profileUuid: string) => ["operator", "templates", profileUuid] as const,
  stats: (day: string) => ["operator", "stats", day] as const,
};

export function fetchQueue(filters: TOperatorQueueQuery) {
  return api.get("/operator/queue", { query: filters, schema: ZOperatorQueueResponseSchema, progress: false });
}

export function fetchContext(uuid: string) {
  return api
    .get(`/operator/conversations/${uuid}`, { schema: ZOperatorContextResponseSchema })
    .then((response) => response.data);
}

export function fetchNewMessages(uuid: string, after: number) {
  return api
    .get(`/operator/conversations/${uuid}/messages`, {
      query: { after, limit: 100 },
      schema: ZOperatorMessagesResponseSchema,
      progress: false,
    })
    .then((response) => response.data);
}

export function fetchOlderMessages(uuid: string, before: number) {
  return api.get(`/operator/conversations/${uuid}/messages`, {
    query: { before },
    schema: ZOperatorMessagesResponseSchema,
  });
}

export function takeLock(uuid: string) {
  return api
    .post(`/operator/conversations/${uuid}/lock`, undefined, { schema: ZOperatorLockResponseSchema })
    .then((response) => response.data);
}

export function renewLock(uuid: string) {
  return api
    .post(`/operator/conversations/${uuid}/lock/renew`, undefined, {
      schema: ZOperatorLockResponseSchema,
      progress: false,
    })
    .then((response) => response.data);
}

export function releaseLock(uuid: string) {
  return api.delete(`/operator/conversations/${uuid}/lock`);
}

export function sendReply(uuid: string, body: TOperatorReplyRequest) {
  return api
    .post(`/operator/conversations/${uuid}/messages`, body, { schema: ZOperatorReplyResponseSchema })
    .then((response) => response.data);
}

export function fetchTemplates(profileUuid: string) {
  return api
    .get("/operator/templates", {
      query: { profile: profileUuid },
      schema: ZOperatorTemplatesResponseSchema,
      progress: false,
    })
    .then((response) => response.data);
}

export function addNote(memberUuid: string, body: TMemberNoteRequest) {
  return api
    .post(`/operator/members/${memberUuid}/notes`, body, { schema: ZMemberNoteResponseSchema })
    .then((response) => response.data);
}

export function updateNote(id: number, body: TMemberNoteRequest) {
  return api
    .put(`/operator/notes/${id}`, body, { schema: ZMemberNoteResponseSchema })
    .then((response) => response.data);
}

export function deleteNote(id: number) {
  return api.delete(`/operator/notes/${id}`);
}

export function fetchStats(day: string) {
  return api
    .get("/operator/stats", { query: { from: day, to: day }, schema: ZOperatorStatsResponseSchema, progress: false })
    .then((response) => response.data);
}
