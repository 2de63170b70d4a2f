import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, reloadUser, signedInMember } from "../../test/factories";
import { signedInStaff } from "../../test/operator-factories";
import { startTestServer, type TestServer } from "../../test/support";

/** A support sign-in acts for the member, but the member's data and the account's fate stay theirs. */
describe("an impersonated session on the account routes", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  /** An operator's sign-in as the member, through the link the console issues. */
  async function impersonate(member: { uuid: string }) {
    const operator = await signedInStaff(server);
    const issued = await server.request(`/api/admin/users/${member.uuid}/impersonation`, {
      method: "POST",
      headers: operator.auth,
    });
    const { token } = (await issued.json()).data;
    const used = await server.request("/api/impersonate", jsonRequest("POST", { token }));
    return { Authorization: `Bearer ${(await used.json()).data.access_token}` };
  }

  const refused = "This action is not available while impersonating a member.";

  it("cannot download the member's data export", async () => {
    const member = await signedInMember(server);
    const response = await server.request("/api/account/export", { headers: await impersonate(member) });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: refused });
    expect((await server.request("/api/account/export", { headers: member.auth })).status).toBe(200);
  });

  it("sees the member's email address and pending address masked, the member sees them whole", async () => {
    const member = await signedInMember(server, { email: "dana.smith@example.com" });
    await server.request(
      "/api/account/email",
      jsonRequest("PUT", { email: "new-dana@example.org", current_password: member.password }, member.auth),
    );
    const me = async (headers: Record<string, string>) =>
      (await (await server.request("/api/me", { method: "POST", headers })).json()).data;
    expect(await me(await impersonate(member))).toMatchObject({
      email: "d***@example.com",
      pending_email: "n***@example.org",
      impersonated: true,
    });
    expect(await me(member.auth)).toMatchObject({
      email: "dana.smith@example.com",
      pending_email: "new-dana@example.org",
    });
  });

  it("cannot deactivate or reactivate the account", async () => {
    const member = await signedInMember(server);
    const acting = await impersonate(member);
    const deactivate = await server.request("/api/account/deactivate", { method: "POST", headers: acting });
    expect(deactivate.status).toBe(403);
    expect(await deactivate.json()).toEqual({ message: refused });
    expect((await reloadUser(server, member.id))?.deactivatedAt).toBeNull();

    // Deactivated by the member themselves: the operator cannot bring it back either.
    expect((await server.request("/api/account/deactivate", { method: "POST", headers: member.auth })).status).toBe(
      200,
    );
    const again = await impersonate(member);
    const reactivate = await server.request("/api/account/reactivate", { method: "POST", headers: again });
    expect(reactivate.status).toBe(403);
    expect(await reactivate.json()).toEqual({ message: refused });
    expect((await reloadUser(server, member.id))?.deactivatedAt).toBeInstanceOf(Date);
  });

  it("cannot delete the account, even with the member's password", async () => {
    const member = await signedInMember(server);
    const response = await server.request(
      "/api/account",
      jsonRequest("DELETE", { password: member.password }, await impersonate(member)),
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: refused });
    expect((await reloadUser(server, member.id))?.deletedAt).toBeNull();
  });
});
