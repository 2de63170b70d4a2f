import {
  ZAdminTriggerDeletedResponseSchema,
  ZAdminTriggerDeliveriesResponseSchema,
  ZAdminTriggerParamsSchema,
  ZAdminTriggerRequestSchema,
  ZAdminTriggerResponseSchema,
  ZAdminTriggersResponseSchema,
} from "../api/admin-triggers";
import { defineEndpoint } from "./endpoint";

/** The admin console: triggers, the messages fictional profiles send on their own. */
export const adminTriggersEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/admin/triggers",
    responses: { 200: ZAdminTriggersResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Every trigger, active first, with its delivery counts; meta holds the daily cap per member",
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/admin/triggers",
    body: ZAdminTriggerRequestSchema,
    responses: { 201: ZAdminTriggerResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Create a trigger (audited)",
  }),
  update: defineEndpoint({
    method: "PUT",
    path: "/api/admin/triggers/:id",
    params: ZAdminTriggerParamsSchema,
    body: ZAdminTriggerRequestSchema,
    responses: { 200: ZAdminTriggerResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Change a trigger, or switch it on or off with `active` (audited)",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/api/admin/triggers/:id",
    params: ZAdminTriggerParamsSchema,
    responses: { 200: ZAdminTriggerDeletedResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Delete a trigger; what it sent stays counted for the daily cap (audited)",
  }),
  deliveries: defineEndpoint({
    method: "GET",
    path: "/api/admin/triggers/:id/deliveries",
    params: ZAdminTriggerParamsSchema,
    responses: { 200: ZAdminTriggerDeliveriesResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "A trigger's latest 50 deliveries, newest first",
  }),
};
