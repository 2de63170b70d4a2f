import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseSerializerCompiler } from "./zod-compilers";

const ZCard = z.object({ uuid: z.string(), username: z.string() });

async function appAnswering(body: unknown, checkAgainstSchema: boolean) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(responseSerializerCompiler(checkAgainstSchema));
  app.get("/card", { schema: { response: { 200: ZCard } } }, async () => body);
  await app.ready();
  return app;
}

describe("response serializer", () => {
  it("sends a response that matches its schema as it is, checked or not", async () => {
    for (const checked of [true, false]) {
      const app = await appAnswering({ uuid: "u-1", username: "amber" }, checked);
      const response = await app.inject({ method: "GET", url: "/card" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ uuid: "u-1", username: "amber" });
      await app.close();
    }
  });

  it("outside production refuses a response with a field its schema does not declare (a leak)", async () => {
    const app = await appAnswering({ uuid: "u-1", username: "amber", email: "amber@example.com" }, true);
    const response = await app.inject({ method: "GET", url: "/card" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("amber@example.com");
    await app.close();
  });

  it("outside production refuses a response of the wrong shape", async () => {
    const app = await appAnswering({ uuid: "u-1" }, true);
    const response = await app.inject({ method: "GET", url: "/card" });
    expect(response.statusCode).toBe(500);
    await app.close();
  });
});
