import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickEvents } from "../../platform/db/schema/tracking";
import { createMember, jsonRequest, signIn } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/support";

describe("click tracking", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("records a click from a guest or a member, with the device id", async () => {
    expect(
      (
        await server.request(
          "/api/user-track-clicks",
          jsonRequest(
            "POST",
            { section_type: "foldout", button_type: "menu_btn", status: "opened" },
            { "Device-ID": "dev-1" },
          ),
        )
      ).status,
    ).toBe(204);
    const member = await createMember(server);
    const session = await signIn(server, member.email ?? "", member.password);
    expect(
      (
        await server.request(
          "/api/user-track-clicks",
          jsonRequest("POST", { section_type: "foldout", button_type: "logout_btn" }, session.authorization),
        )
      ).status,
    ).toBe(204);
    const rows = await server.context.database.db.select().from(clickEvents);
    expect(rows.map((row) => [row.sectionType, row.buttonType, row.status, row.deviceId, row.userId])).toEqual([
      ["foldout", "menu_btn", "opened", "dev-1", null],
      ["foldout", "logout_btn", null, null, member.id],
    ]);
  });

  it("refuses malformed clicks with the 422 envelope", async () => {
    const response = await server.request(
      "/api/user-track-clicks",
      jsonRequest("POST", { section_type: "<script>", status: "maybe" }),
    );
    expect(response.status).toBe(422);
    expect(Object.keys((await response.json()).errors).sort()).toEqual(["button_type", "section_type", "status"]);
  });
});
