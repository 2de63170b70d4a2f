import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot, signingOut } from "./browser";

const baseUrl = inject("baseUrl");

interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

/** Reads the server's captured mail (/dev/mail), as a developer would in the browser. */
async function mailTo(address: string): Promise<CapturedMail> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const list = await (await fetch(`${baseUrl}/dev/mail`)).text();
    for (const [, id] of list.matchAll(/href="\/dev\/mail\/([^"]+)"/g)) {
      const mail = (await (await fetch(`${baseUrl}/dev/mail/${id}.json`)).json()) as CapturedMail;
      if (mail.to === address) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address}`);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

describe("accounts in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const width of [375, 1280]) {
    it(`shows the login and registration pages at ${width} px`, async () => {
      const { page, errors, close } = await newPage(browser, width);
      await page.goto(`${baseUrl}/login`);
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      await screenshot(page, `login-${width}`);
      await page.goto(`${baseUrl}/register`);
      await page.getByRole("heading", { name: "Create your free account" }).waitFor();
      await screenshot(page, `register-${width}`);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("validates as the member types, with the shared English messages", async () => {
    const { page, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByText("The password field must be at least 8 characters").waitFor();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByText("Please fill in a valid email address").waitFor();
    await close();
  });

  it("shows the failed-login message under the email field", async () => {
    const { page, close } = await newPage(browser, 1280);
    await logIn(page, "nobody-at-all@example.com", "wrong-password-1");
    await page.getByText("These credentials do not match our records.").waitFor();
    expect(page.url()).toBe(`${baseUrl}/login`);
    await close();
  });

  it("registers, confirms through the captured email, signs out and in, and changes the password", async () => {
    const { page, errors, close } = await newPage(browser, 1280);
    const email = `e2e-${Date.now()}@example.com`;
    const username = `e2e${Date.now().toString(36)}`;

    await page.goto(`${baseUrl}/register`);
    await page.getByLabel("I am a", { exact: true }).selectOption("female");
    await page.getByLabel("Looking for").selectOption("male");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("moonlit-garden-42");
    await page.getByLabel("Confirm password").fill("moonlit-garden-42");
    await page.getByLabel("Date of birth").fill("1994-03-12");
    await page.getByLabel("City").fill("Brisbane");
    await page.getByLabel(/I am at least 18 years old/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${baseUrl}/profile/complete`);
    await page.getByRole("link", { name: "Account settings" }).waitFor();

    const welcome = await mailTo(email);
    expect(welcome.subject).toContain("Confirm your email");
    const link = /(http\S+\/confirm-email\?token=\S+)/.exec(welcome.text)?.[1] ?? "";
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await page.getByText("Your email address has been verified.").waitFor();

    // An open page has no account strip: Logout is in the navbar's menu.
    await page.getByRole("button", { name: /^Menu/ }).click();
    await signingOut(errors, async () => {
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(`${baseUrl}/`);
    });
    await page.getByRole("link", { name: "Log In" }).first().waitFor();

    await logIn(page, email, "moonlit-garden-42");
    await page.waitForURL(`${baseUrl}/profile/complete`);

    await page.goto(`${baseUrl}/account`);
    await page.getByText("verified", { exact: true }).waitFor();
    await page.getByLabel("Current password").nth(1).fill("moonlit-garden-42");
    await page.getByLabel("New password", { exact: true }).fill("sunrise-harbour-77");
    await page.getByLabel("Confirm new password").fill("sunrise-harbour-77");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password has been changed.").waitFor();
    await screenshot(page, "account-1280");

    await signingOut(errors, async () => {
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(`${baseUrl}/`);
    });
    await logIn(page, email, "moonlit-garden-42");
    await page.getByText("These credentials do not match our records.").waitFor();
    await logIn(page, email, "sunrise-harbour-77");
    await page.waitForURL(`${baseUrl}/profile/complete`);
    expect(errors.filter((message) => !message.includes("status of 4"))).toEqual([]);
    await close();
  });

  it("returns a member to the page first tried after signing in", async () => {
    const { page, close } = await newPage(browser, 1280);
    await page.goto(`${baseUrl}/my-favorites`);
    await page.waitForURL(`${baseUrl}/login?redirect=%2Fmy-favorites`);
    await page.getByLabel("Email").fill("demo@velvethearts.example");
    await page.getByLabel("Password").fill("demo-password-2026");
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(`${baseUrl}/my-favorites`);
    await close();
  });

  it("stays on the site when the way back is a disguised address, signed in or not", async () => {
    const { port } = new URL(baseUrl);
    // "/.//host/x" resolves to "//host/x", which a browser reads as another host: 127.0.0.1 is another origin
    // than this site's localhost, and localhost:PORT/x would be the way back to /x if it were honoured.
    for (const disguised of [`/.//127.0.0.1:${port}/x`, `/.//localhost:${port}/x`, `/%2e/%2e//127.0.0.1:${port}/x`]) {
      const { page, close } = await newPage(browser, 1280);
      await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(disguised)}`);
      await page.getByLabel("Email").fill("demo@velvethearts.example");
      await page.getByLabel("Password").fill("demo-password-2026");
      await page.getByRole("button", { name: "Log In" }).click();
      // The member's own start page (the search, or completing the profile first), never /x nor another host.
      const home = (url: URL) =>
        url.origin === new URL(baseUrl).origin && /^\/(dashboard|profile\/complete)$/.test(url.pathname);
      await page.waitForURL(home);
      // Signed in now: the sign-in page sends a member on, and still never off the site.
      await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(disguised)}`);
      await page.waitForURL(home);
      expect(home(new URL(page.url()))).toBe(true);
      await close();
    }
  });
});
