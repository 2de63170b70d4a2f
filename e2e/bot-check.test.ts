import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./browser";
import { callApi } from "./members";

const baseUrl = inject("baseUrl");

interface SolvedPayload {
  challenge: { parameters: { algorithm: string; nonce: string; expiresAt: number }; signature: string };
  solution: { counter: number; derivedKey: string };
}

/**
 * The ALTCHA widget solves the proof of work in Chromium, out of
 * sight but for a short "Verifying…", and the form sends its payload once.
 */
describe("bot check in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const width of [375, 1280]) {
    it(`solves the check on the forgot-password form at ${width} px and sends the widget's payload once`, async () => {
      const { page, errors, close } = await newPage(browser, width);
      await page.goto(`${baseUrl}/forgot-password`);
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      // Nothing of the widget loads before the visitor starts on the form.
      expect(await page.locator("altcha-widget").count()).toBe(0);

      await page.getByLabel("Email").focus();
      await page.getByRole("status").getByText("Verifying…").waitFor();
      await screenshot(page, `bot-check-verifying-${width}`, { fullPage: false });
      await page.getByRole("status").getByText("Verified.").waitFor({ state: "attached" });
      // The widget itself (its checkbox) is never shown.
      expect(await page.locator("altcha-widget").isVisible()).toBe(false);

      await page.getByLabel("Email").fill(`bot-check-${width}@example.com`);
      const sent = page.waitForRequest((request) => request.url().endsWith("/api/password/email"));
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.getByText("We have e-mailed your password reset link!").waitFor();
      await screenshot(page, `bot-check-sent-${width}`, { fullPage: false });

      const body = (await sent).postDataJSON() as { email: string; altcha: string };
      const payload = JSON.parse(Buffer.from(body.altcha, "base64").toString()) as SolvedPayload;
      expect(payload.challenge.parameters.algorithm).toBe("PBKDF2/SHA-256");
      expect(payload.solution.derivedKey).toMatch(/^[0-9a-f]+$/);

      const replay = await callApi<{ errors: Record<string, string[]> }>(baseUrl, "POST", "/password/email", {
        body,
      });
      expect(replay.status).toBe(422);
      expect(replay.body.errors.altcha).toEqual(["Please complete the verification."]);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("shows the refusal on the form when the server does not accept the solution, and passes on the next try", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel("Email").fill("refused-once@example.com");
    // The first request reaches the server with its solution spoiled, as a replayed or expired one would.
    let spoiled = false;
    await page.route("**/api/password/email", async (route) => {
      if (spoiled) return route.continue();
      spoiled = true;
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, altcha: "c3BvaWxlZA==" }) });
    });
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("alert").getByText("Please complete the verification.").waitFor();
    await screenshot(page, "bot-check-refused-1280", { fullPage: false });
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("We have e-mailed your password reset link!").waitFor();
    expect(errors.filter((message) => !message.includes("status of 422"))).toEqual([]);
    await close();
  });
});
