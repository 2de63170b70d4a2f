import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { humanCheckMessages, verifyHumanChecks } from "./human-check";

/** A local stand-in for the providers' siteverify endpoints: "good-token" passes. */
let standIn: Server;
let verifyUrl: string;
const received: URLSearchParams[] = [];

beforeAll(async () => {
  standIn = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const form = new URLSearchParams(body);
      received.push(form);
      response.setHeader("Content-Type", "application/json");
      response.end(
        JSON.stringify({ success: form.get("response") === "good-token" && form.get("secret") === "server-secret" }),
      );
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  const address = standIn.address();
  verifyUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

const off = { siteKey: "", secret: "", verifyUrl: "http://127.0.0.1:9/never" };

describe("captcha and bot check", () => {
  it("does nothing when no provider is configured", async () => {
    await expect(verifyHumanChecks({ captcha: off, botCheck: off }, {})).resolves.toBeUndefined();
  });

  it("passes a token the provider accepts, sending the secret and the member's IP", async () => {
    const captcha = { siteKey: "public", secret: "server-secret", verifyUrl };
    await verifyHumanChecks({ captcha, botCheck: off }, { captchaToken: "good-token", remoteIp: "203.0.113.9" });
    expect(received.at(-1)?.get("remoteip")).toBe("203.0.113.9");
  });

  it("answers 422 on the captcha field for a rejected or missing token", async () => {
    const botCheck = { siteKey: "public", secret: "server-secret", verifyUrl };
    for (const botCheckToken of ["bad-token", undefined]) {
      const failure = await verifyHumanChecks({ captcha: off, botCheck }, { botCheckToken }).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).fields).toEqual({ captcha: [humanCheckMessages.captcha] });
    }
  });

  it("fails closed when the provider cannot be reached", async () => {
    const captcha = { siteKey: "public", secret: "server-secret", verifyUrl: "http://127.0.0.1:9/unreachable" };
    const failure = await verifyHumanChecks({ captcha, botCheck: off }, { captchaToken: "good-token" }).catch(
      (error: unknown) => error,
    );
    expect((failure as AppError).code).toBe("validation");
  });
});
