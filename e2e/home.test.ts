import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./browser";
import { callApi } from "./members";

const baseUrl = inject("baseUrl");

async function configuredSupportEmail(): Promise<string> {
  const config = await callApi<{ data: { supportEmail: string } }>(baseUrl, "GET", "/client-config");
  expect(config.status).toBe(200);
  return config.body.data.supportEmail;
}

function footer(page: Page) {
  return page.locator("footer");
}

describe("home page and footer content in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("carries the reminder list of spec §1, with the link to the 2257 statement", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/`);
    const reminders = page.getByRole("region", { name: "Before you join, please remember" });
    await reminders.waitFor();
    const text = (await reminders.textContent()) ?? "";
    expect(text).toContain("sexually explicit material intended for adults only");
    expect(text).toContain("at least 18 years old and over the age of consent");
    expect(text).toContain("you agree to our privacy policy and terms of use");
    expect(text).toContain("Most profiles on this site are fictional");
    expect(text).toContain("All persons depicted were over 18");
    await expect(
      reminders.getByRole("link", { name: "18 U.S.C. 2257 record-keeping statement" }).getAttribute("href"),
    ).resolves.toBe("/2257-notice");
    await expect(reminders.getByRole("link", { name: "privacy policy" }).getAttribute("href")).resolves.toBe(
      "/privacy",
    );
    await expect(reminders.getByRole("link", { name: "terms of use" }).getAttribute("href")).resolves.toBe(
      "/terms-of-use",
    );
    expect(errors).toEqual([]);
    await close();
  });

  it("sells to a visitor and converts to /register", async () => {
    const { page, close } = await newPage(browser, 375);
    await page.goto(`${baseUrl}/`);
    const joinLinks = page.locator('main a[href="/register"]');
    await joinLinks.first().waitFor();
    expect(await joinLinks.count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, "home-content-375");
    await page.getByRole("link", { name: "Create free account" }).first().click();
    await page.waitForURL(`${baseUrl}/register`);
    await page.getByRole("heading", { name: "Create your free account" }).waitFor();
    await close();
  });

  it("shows every item of the full footer", async () => {
    const supportEmail = await configuredSupportEmail();
    const { page, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/`);
    const site = footer(page);
    await site.waitFor();
    for (const column of ["Velvet Hearts", "About us", "Support"]) {
      await expect(site.getByRole("navigation", { name: column }).isVisible()).resolves.toBe(true);
    }
    await expect(site.getByRole("link", { name: "FAQ" }).getAttribute("href")).resolves.toBe("/faq");
    await expect(site.getByRole("link", { name: "Terms of use" }).getAttribute("href")).resolves.toBe("/terms-of-use");
    await expect(site.getByRole("img", { name: "Visa" }).isVisible()).resolves.toBe(true);
    await expect(site.getByRole("img", { name: "Mastercard" }).isVisible()).resolves.toBe(true);
    await expect(site.getByRole("link", { name: supportEmail }).getAttribute("href")).resolves.toBe(
      `mailto:${supportEmail}`,
    );

    const text = (await site.textContent()) ?? "";
    expect(text).toContain("For entertainment only");
    expect(text).toContain("Most profiles are fictional and are operated for entertainment");
    expect(text).toContain("We do not tolerate human trafficking");
    expect(text).toContain("governed by the laws of Estonia");
    expect(text).toContain(`© ${new Date().getFullYear()} Velvet Hearts OÜ`);
    expect(text).toMatch(/Tallinn, Estonia/);
    await screenshot(page, "home-content-1280");
    await close();
  });

  it("gives /milf the reduced footer", async () => {
    const { page, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/milf`);
    const site = footer(page);
    await site.waitFor();
    expect(await site.textContent()).toContain(`© ${new Date().getFullYear()} Velvet Hearts OÜ`);
    await expect(site.getByRole("navigation", { name: "Legal" }).isVisible()).resolves.toBe(true);
    await expect(site.getByRole("navigation", { name: "About us" }).count()).resolves.toBe(0);
    await expect(site.getByRole("img", { name: "Visa" }).count()).resolves.toBe(0);
    await close();
  });
});
