import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readZip } from "../apps/server/src/test/zip-archive";
import { launchBrowser, newPage, screenshot } from "./browser";
import { callApi, createVerifiedMember, logIn, SITE_KEY } from "./members";

const baseUrl = inject("baseUrl");

/** Sends a conversation image over the API as the composer does: upload, then the message naming it. */
async function sendImage(token: string, to: string): Promise<string> {
  const picture = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#d4789c" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(picture)], { type: "image/jpeg" }), "me.jpg");
  const uploaded = await fetch(`${baseUrl}/api/message-images`, {
    method: "POST",
    headers: { "X-Site-Key": SITE_KEY ?? "", Authorization: `Bearer ${token}` },
    body: form,
  });
  const image = (await uploaded.json()) as { data: { uuid: string } };
  const sent = await callApi<{ data: { conversation: string } }>(baseUrl, "POST", `/profiles/${to}/messages`, {
    token,
    body: { type: "image", photo: image.data.uuid, client_id: randomUUID() },
  });
  expect(sent.status).toBe(201);
  return sent.body.data.conversation;
}

describe("a member's data in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("downloads the data as a ZIP; once the member deletes the account, the partner sees 'Image removed'", async () => {
    const alex = await createVerifiedMember(baseUrl, "alexdata");
    const sam = await createVerifiedMember(baseUrl, "samdata");
    await callApi(baseUrl, "POST", `/profiles/${alex.uuid}/messages`, {
      token: sam.token,
      body: { type: "text", text: "Send me a picture of the beach?", client_id: randomUUID() },
    });
    const conversation = await sendImage(alex.token, sam.uuid);

    for (const width of [1280, 375]) {
      const { page, errors, close } = await newPage(browser, width);
      await logIn(page, baseUrl, alex.email, alex.password);
      await page.goto(`${baseUrl}/account`);
      await page.getByRole("button", { name: "Download my data" }).waitFor();
      await screenshot(page, `account-data-${width}`);
      if (width === 1280) {
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: "Download my data" }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`velvet-hearts-${alex.username}.zip`);
        const path = await download.path();
        const entries = await readZip(await readFile(path));
        expect([...entries.keys()].some((name) => name.startsWith("message-images/"))).toBe(true);
        expect(JSON.parse(entries.get("data.json")?.toString() ?? "{}").account.email).toBe(alex.email);
      }
      expect(errors).toEqual([]);
      await close();
    }

    const deleted = await callApi(baseUrl, "DELETE", "/account", {
      token: alex.token,
      body: { password: alex.password },
    });
    expect(deleted.status).toBe(200);

    for (const width of [375, 1280]) {
      const { page, close } = await newPage(browser, width);
      await logIn(page, baseUrl, sam.email, sam.password);
      await page.goto(`${baseUrl}/messages/${conversation}`);
      await page.getByText("Send me a picture of the beach?").waitFor();
      await page.getByText("Image removed").waitFor();
      // The gone account is not shown as online: its last activity is the moment it left.
      await page.getByText(/^Active .+ ago$/).waitFor();
      await screenshot(page, `messages-image-removed-${width}`);
      await close();
    }
  });

  it("locks the data download, deactivation and deletion for an operator acting as the member, and masks the email", async () => {
    const casey = await createVerifiedMember(baseUrl, "caseydata");
    const admin = await callApi<{ data: { access_token: string } }>(baseUrl, "POST", "/login", {
      body: { email: "admin@velvethearts.example", password: "admin-password-2026" },
    });
    for (const width of [375, 1280]) {
      const issued = await callApi<{ data: { token: string } }>(
        baseUrl,
        "POST",
        `/admin/users/${casey.uuid}/impersonation`,
        {
          token: admin.body.data.access_token,
        },
      );
      expect(issued.status).toBe(201);
      const { page, close } = await newPage(browser, width);
      await page.goto(`${baseUrl}/dashboard?impersonate_token=${encodeURIComponent(issued.body.data.token)}`);
      await page.waitForURL(`${baseUrl}/dashboard`);
      await page.goto(`${baseUrl}/account`);
      await page.getByText(`${casey.email.slice(0, 1)}***@example.com`).waitFor();
      await expect(page.getByText(casey.email).count()).resolves.toBe(0);
      for (const name of ["Download my data", "Deactivate account", "Delete account"])
        await expect(page.getByRole("button", { name, exact: true }).isDisabled()).resolves.toBe(true);
      await screenshot(page, `account-impersonated-${width}`);
      await close();
    }
  });
});
