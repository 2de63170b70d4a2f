import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./browser";
import { createVerifiedMember, logIn } from "./members";

const baseUrl = inject("baseUrl");

async function logInAsDemoMember(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill("demo@velvethearts.example");
  await page.getByLabel("Password").fill("demo-password-2026");
  await page.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  // The landing page's own requests must not be mistaken for the next page's.
  await page.waitForLoadState("networkidle");
}

function jpeg(background: string) {
  return sharp({ create: { width: 800, height: 1000, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/**
 * The photo manager's tiles in the order shown, by photo id, once /profile/edit has loaded its photos.
 * Waits for the page to go quiet rather than for one response: the page signed in on (or the one before
 * a reload) may still be fetching the same list when this page starts.
 */
async function openPhotoManager(page: Page) {
  await page.goto(`${baseUrl}/profile/edit`);
  await page.waitForLoadState("networkidle");
  const tiles = page.locator("figure[data-photo-id]");
  const order = () => tiles.evaluateAll((figures) => figures.map((figure) => figure.getAttribute("data-photo-id")));
  return { tiles, order };
}

/** Chooses a photo and takes the framing dialog's default (the largest 4:5 frame, centred). */
async function addPhoto(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel("Choose a photo").setInputFiles({ name, mimeType: "image/jpeg", buffer });
  const dialog = page.getByRole("dialog", { name: "Frame your photo" });
  await dialog.getByRole("img", { name: "Your photo" }).waitFor();
  await dialog.getByRole("button", { name: "Use this photo" }).click();
  await dialog.waitFor({ state: "detached" });
}

const moveButton = (tile: Locator, name: "Move left" | "Move right") => tile.getByRole("button", { name });

describe("own profile in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("uploads a photo, makes it the main one, and saves the profile", async () => {
    const { page, close } = await newPage(browser, 1280);
    await logInAsDemoMember(page);

    await page.goto(`${baseUrl}/profile/edit`);
    await addPhoto(page, "me.jpg", await jpeg("#8a2a5e"));
    await page.getByText("Main", { exact: true }).waitFor();
    await page.getByLabel("Headline").fill("Sunrise swims and strong coffee");
    await page.getByLabel("City").fill("Bondi");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page
      .getByText("Your profile has been saved.")
      .waitFor({ timeout: 5_000 })
      .catch(async (error: unknown) => {
        await screenshot(page, "profile-edit-failure");
        throw error;
      });
    await screenshot(page, "profile-edit-1280");

    await page.goto(`${baseUrl}/my-profile`);
    await page.getByText("Sunrise swims and strong coffee").waitFor();
    const src = await page.locator("main img").first().getAttribute("src");
    expect(src).toMatch(/^\/media\/photos\/.+-large\.webp$/);
    await close();
  });

  it("moves a photo with the arrow buttons, keeps the order after a reload, and rolls back a failed save", async () => {
    // A member of its own: the demo member is signed in by several files at once while the whole suite runs.
    const member = await createVerifiedMember(baseUrl, "mover");
    const { page, close } = await newPage(browser, 375);
    await logIn(page, baseUrl, member.email, member.password);
    const { tiles, order } = await openPhotoManager(page);
    // The main photo stays first, so three are needed for something to move.
    const colours = ["#c45f93", "#3b0a2a", "#ff6f9f"];
    while ((await tiles.count()) < 3) {
      const count = await tiles.count();
      const buffer = await jpeg(colours[count % colours.length] ?? "#c45f93");
      await addPhoto(page, `photo-${count}.jpg`, buffer);
      await tiles.nth(count).waitFor();
    }
    const before = await order();
    const last = before.length - 1;

    expect(await tiles.first().getByRole("button", { name: /^Move/ }).count()).toBe(0);
    expect(await moveButton(tiles.nth(1), "Move left").isDisabled()).toBe(true);
    expect(await moveButton(tiles.nth(last), "Move right").isDisabled()).toBe(true);

    const saved = page.waitForResponse((response) => response.url().endsWith("/api/profile/photos/order"));
    await moveButton(tiles.nth(1), "Move right").click();
    const moved = [before[0], before[2], before[1], ...before.slice(3)];
    // The save's answer first: when it fails, the photos go back and the order check below would not say why.
    expect((await saved).status()).toBe(200);
    await expect.poll(order, { timeout: 5_000 }).toEqual(moved);
    // The moved photo's button keeps the focus, so a keyboard user can press it again.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("figure")?.dataset.photoId))
      .toBe(before[1]);

    // A fresh page load shows the order the server saved: first what the server answers, then what the page draws.
    const listed = page.waitForResponse(
      (response) => response.url().endsWith("/api/profile/photos") && response.request().method() === "GET",
    );
    await page.reload();
    const listing = await listed;
    expect(listing.status()).toBe(200);
    const { data: savedOrder } = (await listing.json()) as { data: Array<{ id: string }> };
    expect(savedOrder.map((photo) => photo.id)).toEqual(moved);
    await expect
      .poll(order, { timeout: 15_000 })
      .toEqual(moved)
      .catch(async (error: unknown) => {
        await screenshot(page, "profile-edit-reorder-failure");
        throw new Error(`${String(error)} at ${page.url()}: ${(await page.locator("main").innerText()).slice(0, 500)}`);
      });
    await screenshot(page, "profile-edit-photos-375");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "profile-edit-photos-1280");
    await page.setViewportSize({ width: 375, height: 780 });

    await page.route("**/api/profile/photos/order", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Something went wrong."}' }),
    );
    await moveButton(tiles.nth(2), "Move left").click();
    await page.getByRole("alert").getByText("Something went wrong.").waitFor();
    await expect.poll(order).toEqual(moved);
    await close();
  });

  it("frames a photo before uploading: turned a quarter and cut to 4:5 on the server, shown in the photo list", async () => {
    const member = await createVerifiedMember(baseUrl, "framer");
    const { page, close } = await newPage(browser, 375);
    await logIn(page, baseUrl, member.email, member.password);
    const { tiles } = await openPhotoManager(page);
    // Taken sideways: 900 x 700, left half red, right half blue. Turned a quarter clockwise it is 700 x 900.
    const sideways = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#1d4ed8" } })
      .composite([
        { input: { create: { width: 450, height: 700, channels: 3, background: "#e11d48" } }, left: 0, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    await page
      .getByLabel("Choose a photo")
      .setInputFiles({ name: "sideways.jpg", mimeType: "image/jpeg", buffer: sideways });
    const dialog = page.getByRole("dialog", { name: "Frame your photo" });
    await dialog.getByRole("img", { name: "Your photo" }).waitFor();
    await dialog.getByRole("button", { name: "Turn a quarter to the right" }).click();
    await screenshot(page, "photo-crop-375", { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "photo-crop-1280", { fullPage: false });
    await page.setViewportSize({ width: 375, height: 780 });

    const uploaded = page.waitForResponse(
      (response) => response.url().endsWith("/api/profile/photos") && response.request().method() === "POST",
    );
    await dialog.getByRole("button", { name: "Use this photo" }).click();
    const response = await uploaded;
    expect(response.status()).toBe(201);
    // The browser sent the chosen file as it was; the server turned and cut it: the largest 4:5 frame of the
    // turned photo, red on top. The member sees it in their photos.
    await tiles.first().waitFor();
    const { data } = (await response.json()) as { data: { urls: { large: string } } };
    const large = Buffer.from(await (await fetch(new URL(data.urls.large, baseUrl))).arrayBuffer());
    const metadata = await sharp(large).metadata();
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 700, height: 875 });
    // stats() reads its input, not the pipeline, so the top part is cut out to a buffer first.
    const top = await sharp(
      await sharp(large).extract({ left: 0, top: 0, width: 700, height: 400 }).toBuffer(),
    ).stats();
    expect(top.channels[0]?.mean).toBeGreaterThan(180);
    expect(top.channels[2]?.mean).toBeLessThan(90);
    await expect
      .poll(() =>
        tiles
          .first()
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, "photo-cropped-375");

    // Framed again later from the stored original: upright this time, so the largest 4:5 frame is 560 x 700.
    await tiles.first().getByRole("button", { name: "Frame photo again" }).click();
    await dialog.getByRole("img", { name: "Your photo" }).waitFor();
    const reframed = page.waitForResponse((response) => /\/api\/profile\/photos\/[^/]+\/crop$/.test(response.url()));
    await dialog.getByRole("button", { name: "Use this photo" }).click();
    const reframedResponse = await reframed;
    expect(reframedResponse.status()).toBe(200);
    const framedAgain = ((await reframedResponse.json()) as { data: { urls: { large: string; thumb: string } } }).data;
    const again = await sharp(
      Buffer.from(await (await fetch(new URL(framedAgain.urls.large, baseUrl))).arrayBuffer()),
    ).metadata();
    expect({ width: again.width, height: again.height }).toEqual({ width: 560, height: 700 });
    await expect.poll(() => tiles.first().locator("img").getAttribute("src")).toBe(framedAgain.urls.thumb);
    await close();
  });

  it("takes an abuse report from a guest", async () => {
    const { page, close } = await newPage(browser, 375);
    await page.goto(`${baseUrl}/report-abuse`);
    await page.getByLabel("What is it about?").selectOption("spam_or_scam");
    await page.getByLabel("Details").fill("A profile keeps sending links to another site.");
    await page.getByLabel("Your email").fill("worried-guest@example.com");
    await page.getByRole("button", { name: "Send report" }).click();
    await page.getByText("Thank you. Your report has been received").waitFor();
    await close();
  });
});
