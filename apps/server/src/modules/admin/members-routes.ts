import {
  ZAdminCreditAdjustmentRequestSchema,
  ZAdminCreditAdjustmentResponseSchema,
  ZAdminDashboardResponseSchema,
  ZAdminMemberDetailResponseSchema,
  ZAdminMemberSearchQuerySchema,
  ZAdminMemberSearchResponseSchema,
  ZAdminMemberStatusResponseSchema,
  ZAdminSuspendRequestSchema,
} from "@velvet/shared/api/admin-members";
import { z } from "@velvet/shared/validation/z";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../platform/app-context";
import { authOf } from "../auth/authenticate";
import { adminDashboard } from "./dashboard-service";
import { adjustCredits, memberDetail, searchMembers, setMemberDeactivated } from "./members-service";
import { adminGuard } from "./policy";
import { suspendMember, unsuspendMember } from "./suspension-service";

const ZMemberParams = z.object({ uuid: z.uuid() });

/** Admin: members (issue 10). Admins only; the role is checked in onRequest, before the body is read. */
export async function adminMemberRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = () => adminGuard(context);
  const schema = { tags: ["admin"], security: [{ siteKey: [], bearer: [] }] };

  api.get(
    "/api/admin/dashboard",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Members, activity and messages today, revenue of the last 7 days, the operator queue now",
        response: { 200: ZAdminDashboardResponseSchema },
      },
    },
    async (request) => ({ data: await adminDashboard(context, authOf(request).user) }),
  );

  api.get(
    "/api/admin/members",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Find members by uuid, or by the start of their username or email",
        querystring: ZAdminMemberSearchQuerySchema,
        response: { 200: ZAdminMemberSearchResponseSchema },
      },
    },
    async (request) => ({ data: await searchMembers(context, request.query.q) }),
  );

  api.get(
    "/api/admin/members/:uuid",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "One member's account, latest ledger rows and payments",
        params: ZMemberParams,
        response: { 200: ZAdminMemberDetailResponseSchema },
      },
    },
    async (request) => ({ data: await memberDetail(context, request.params.uuid) }),
  );

  api.post(
    "/api/admin/members/:uuid/credit-adjustments",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Add or take back credits with a reason (one ledger row, audited; adjustment_id makes retries safe)",
        params: ZMemberParams,
        body: ZAdminCreditAdjustmentRequestSchema,
        response: { 200: ZAdminCreditAdjustmentResponseSchema },
      },
    },
    async (request) => ({
      data: await adjustCredits(context, authOf(request).user, request.params.uuid, request.body, request.ip),
    }),
  );

  for (const [action, deactivated] of [
    ["deactivate", true],
    ["reactivate", false],
  ] as const) {
    api.post(
      `/api/admin/members/:uuid/${action}`,
      {
        onRequest: adminOnly(),
        schema: {
          ...schema,
          summary: deactivated
            ? "Deactivate a member's account (confined to /deactivated until reactivated)"
            : "Reactivate a member's account",
          params: ZMemberParams,
          response: { 200: ZAdminMemberStatusResponseSchema },
        },
      },
      async (request) => ({
        data: await setMemberDeactivated(context, authOf(request).user, request.params.uuid, deactivated, request.ip),
      }),
    );
  }

  api.post(
    "/api/admin/members/:uuid/suspend",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Suspend an account with a reason: no sign-in, sessions and sockets end, profile hidden (audited)",
        params: ZMemberParams,
        body: ZAdminSuspendRequestSchema,
        response: { 200: ZAdminMemberStatusResponseSchema },
      },
    },
    async (request) => ({
      data: await suspendMember(context, authOf(request).user, request.params.uuid, request.body.reason, request.ip),
    }),
  );

  api.post(
    "/api/admin/members/:uuid/unsuspend",
    {
      onRequest: adminOnly(),
      schema: {
        ...schema,
        summary: "Lift a suspension (sessions it revoked stay revoked; audited)",
        params: ZMemberParams,
        response: { 200: ZAdminMemberStatusResponseSchema },
      },
    },
    async (request) => ({
      data: await unsuspendMember(context, authOf(request).user, request.params.uuid, request.ip),
    }),
  );
}
