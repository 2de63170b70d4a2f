import { ZImpersonationTokenResponseSchema } from "../api/account";
import {
  ZAdminCreditAdjustmentRequestSchema,
  ZAdminCreditAdjustmentResponseSchema,
  ZAdminDashboardResponseSchema,
  ZAdminMemberDetailResponseSchema,
  ZAdminMemberSearchQuerySchema,
  ZAdminMemberSearchResponseSchema,
  ZAdminMemberStatusResponseSchema,
  ZAdminMembersOverviewResponseSchema,
  ZAdminSuspendRequestSchema,
} from "../api/admin-members";
import { ZMemberFeaturesRequestSchema, ZMemberFeaturesResponseSchema } from "../api/notifications";
import { z } from "../validation/z";
import { defineEndpoint } from "./endpoint";

const ZMemberParams = z.object({ uuid: z.uuid() });

/** The admin console: members, their accounts and credits, impersonation links and feature flags. */
export const adminMembersEndpoints = {
  dashboard: defineEndpoint({
    method: "GET",
    path: "/api/admin/dashboard",
    responses: { 200: ZAdminDashboardResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Members, activity and messages today, revenue of the last 7 days, the operator queue now",
  }),
  search: defineEndpoint({
    method: "GET",
    path: "/api/admin/members",
    query: ZAdminMemberSearchQuerySchema,
    responses: { 200: ZAdminMemberSearchResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Find members by uuid, or by the start of their username or email",
  }),
  overview: defineEndpoint({
    method: "GET",
    path: "/api/admin/members/overview",
    responses: { 200: ZAdminMembersOverviewResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "The newest sign-ups and the members with open reports against them (the page before a search)",
  }),
  detail: defineEndpoint({
    method: "GET",
    path: "/api/admin/members/:uuid",
    params: ZMemberParams,
    responses: { 200: ZAdminMemberDetailResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary:
      "One member's account, photos, profile text, reports against and by them, conversation counts, ledger and payments",
  }),
  adjustCredits: defineEndpoint({
    method: "POST",
    path: "/api/admin/members/:uuid/credit-adjustments",
    params: ZMemberParams,
    body: ZAdminCreditAdjustmentRequestSchema,
    responses: { 200: ZAdminCreditAdjustmentResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Add or take back credits with a reason (one ledger row, audited; adjustment_id makes retries safe)",
  }),
  deactivate: defineEndpoint({
    method: "POST",
    path: "/api/admin/members/:uuid/deactivate",
    params: ZMemberParams,
    responses: { 200: ZAdminMemberStatusResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Deactivate a member's account (confined to /deactivated until reactivated)",
  }),
  reactivate: defineEndpoint({
    method: "POST",
    path: "/api/admin/members/:uuid/reactivate",
    params: ZMemberParams,
    responses: { 200: ZAdminMemberStatusResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Reactivate a member's account",
  }),
  suspend: defineEndpoint({
    method: "POST",
    path: "/api/admin/members/:uuid/suspend",
    params: ZMemberParams,
    body: ZAdminSuspendRequestSchema,
    responses: { 200: ZAdminMemberStatusResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Suspend an account with a reason: no sign-in, sessions and sockets end, profile hidden (audited)",
  }),
  unsuspend: defineEndpoint({
    method: "POST",
    path: "/api/admin/members/:uuid/unsuspend",
    params: ZMemberParams,
    responses: { 200: ZAdminMemberStatusResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Lift a suspension (sessions it revoked stay revoked; audited)",
  }),
  impersonation: defineEndpoint({
    method: "POST",
    path: "/api/admin/users/:uuid/impersonation",
    params: ZMemberParams,
    responses: { 201: ZImpersonationTokenResponseSchema },
    auth: "staff",
    tags: ["admin"],
    summary: "Issue a single-use impersonation link for a member (operators and admins)",
  }),
  setFeatures: defineEndpoint({
    method: "PUT",
    path: "/api/admin/users/:uuid/features",
    params: ZMemberParams,
    body: ZMemberFeaturesRequestSchema,
    responses: { 200: ZMemberFeaturesResponseSchema },
    auth: "admin",
    tags: ["admin"],
    summary: "Set a member's feature flags (muteUserNotifications, promoBadge); admins only",
  }),
};
