import {
  makeFictionalProfileCreateSchema,
  makeFictionalProfileUpdateSchema,
  ZAssignableOperatorsResponseSchema,
  ZFictionalOperatorsRequestSchema,
  ZFictionalProfileListQuerySchema,
  ZFictionalProfileListResponseSchema,
  ZFictionalProfileResponseSchema,
  ZFictionalScheduleRequestSchema,
} from "../api/admin-fictional";
import { ZOwnPhotoListResponseSchema } from "../api/photos";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

/**
 * The 18+ rule needs the site's date, which only the server knows (its timezone is configuration): the
 * server registers create and update with the same schema built on its own date. Here, for the web's
 * types, the schema is built on the UTC date.
 */
const utcToday = () => new Date().toISOString().slice(0, 10);
const ZProfileParams = z.object({ uuid: z.uuid() });
const ZPhotoParams = z.object({ uuid: z.uuid(), photoUuid: z.uuid() });

/** The admin console: fictional profiles. Photo uploads are multipart and stay outside (docs/api.md). */
export const adminFictionalEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/admin/fictional-profiles",
    query: ZFictionalProfileListQuerySchema,
    responses: { 200: ZFictionalProfileListResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Fictional profiles by the start of their username, 25 a page, with schedule, operators and counts",
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/admin/fictional-profiles",
    body: makeFictionalProfileCreateSchema(utcToday),
    responses: { 201: ZFictionalProfileResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Create a fictional profile (no email or password: it can never sign in; audited)",
  }),
  operators: defineEndpoint({
    method: "GET",
    path: "/api/admin/fictional-profiles/operators",
    responses: { 200: ZAssignableOperatorsResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Accounts with the operator role, for assigning profiles",
  }),
  detail: defineEndpoint({
    method: "GET",
    path: "/api/admin/fictional-profiles/:uuid",
    params: ZProfileParams,
    responses: { 200: ZFictionalProfileResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "One fictional profile: every editable field, its photos and its operators",
  }),
  update: defineEndpoint({
    method: "PUT",
    path: "/api/admin/fictional-profiles/:uuid",
    params: ZProfileParams,
    body: makeFictionalProfileUpdateSchema(utcToday),
    responses: { 200: ZFictionalProfileResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Change a fictional profile's fields (any of the create fields; audited)",
  }),
  setSchedule: defineEndpoint({
    method: "PUT",
    path: "/api/admin/fictional-profiles/:uuid/schedule",
    params: ZProfileParams,
    body: ZFictionalScheduleRequestSchema,
    responses: { 200: ZFictionalProfileResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Set the hours of the site's day (0-23) the profile shows as online (audited)",
  }),
  setOperators: defineEndpoint({
    method: "PUT",
    path: "/api/admin/fictional-profiles/:uuid/operators",
    params: ZProfileParams,
    body: ZFictionalOperatorsRequestSchema,
    responses: { 200: ZFictionalProfileResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Assign the operators who answer the profile (empty: any operator; audited)",
  }),
  setPrimaryPhoto: defineEndpoint({
    method: "PUT",
    path: "/api/admin/fictional-profiles/:uuid/photos/:photoUuid/primary",
    params: ZPhotoParams,
    responses: { 200: ZOwnPhotoListResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Make one of the profile's photos its main photo (audited)",
  }),
  deletePhoto: defineEndpoint({
    method: "DELETE",
    path: "/api/admin/fictional-profiles/:uuid/photos/:photoUuid",
    params: ZPhotoParams,
    responses: { 200: ZOwnPhotoListResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Delete one of the profile's photos (the next one becomes the main photo; audited)",
  }),
};
