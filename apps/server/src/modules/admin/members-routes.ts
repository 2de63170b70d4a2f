import { adminMembersEndpoints } from "@velvet/shared/contract/admin-members";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/app-context";
import { routeEndpoint } from "../../platform/http/endpoint-route";
import { adminGuard, authOf } from "../sessions";
import { adminDashboard } from "./dashboard-service";
import { membersOverview } from "./members-overview-service";
import { adjustCredits, memberDetail, searchMembers, setMemberDeactivated } from "./members-service";
import { suspendMember, unsuspendMember } from "./suspension-service";

/** Admin: members. Admins only; the role is checked in onRequest, before the body is read. */
export async function adminMemberRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const adminOnly = () => adminGuard(context);

  routeEndpoint(app, adminMembersEndpoints.dashboard, { onRequest: adminOnly() }, async (request) => ({
    data: await adminDashboard(context, authOf(request).user),
  }));

  routeEndpoint(app, adminMembersEndpoints.search, { onRequest: adminOnly() }, async (request) => ({
    data: await searchMembers(context, request.query.q),
  }));

  routeEndpoint(app, adminMembersEndpoints.overview, { onRequest: adminOnly() }, async () => ({
    data: await membersOverview(context),
  }));

  routeEndpoint(app, adminMembersEndpoints.detail, { onRequest: adminOnly() }, async (request) => ({
    data: await memberDetail(context, request.params.uuid),
  }));

  routeEndpoint(app, adminMembersEndpoints.adjustCredits, { onRequest: adminOnly() }, async (request) => ({
    data: await adjustCredits(context, authOf(request).user, request.params.uuid, request.body, request.ip),
  }));

  for (const [endpoint, deactivated] of [
    [adminMembersEndpoints.deactivate, true],
    [adminMembersEndpoints.reactivate, false],
  ] as const) {
    routeEndpoint(app, endpoint, { onRequest: adminOnly() }, async (request) => ({
      data: await setMemberDeactivated(context, authOf(request).user, request.params.uuid, deactivated, request.ip),
    }));
  }

  routeEndpoint(app, adminMembersEndpoints.suspend, { onRequest: adminOnly() }, async (request) => ({
    data: await suspendMember(context, authOf(request).user, request.params.uuid, request.body.reason, request.ip),
  }));

  routeEndpoint(app, adminMembersEndpoints.unsuspend, { onRequest: adminOnly() }, async (request) => ({
    data: await unsuspendMember(context, authOf(request).user, request.params.uuid, request.ip),
  }));
}
