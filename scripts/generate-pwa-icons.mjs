// Draws the installable app's icons (PNG, as manifests and iOS need) from the brand heart of favicon.svg:
// `node scripts/generate-pwa-icons.mjs`. The PNGs are committed; run again only when the brand mark changes.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "apps/web/public/icons");
const heart = "M32 50S12 38 12 24a10 10 0 0 1 20-4 10 10 0 0 1 20 4c0 14-20 26-20 26z";
const gradient =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff4d8d"/><stop offset="1" stop-color="#7b1e57"/></linearGradient></defs>';

/** Rounded tile (the favicon), or full-bleed with the heart inside the maskable safe zone (80 % circle). */
function svg(kind) {
  if (kind === "maskable") {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 33) scale(0.62) translate(-32 -33)"><path d="${heart}" fill="#fff"/></g></svg>`;
  }
  if (kind === "badge") {
    // Android shows the badge as a white silhouette in the status bar: the heart alone on transparency.
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="8 8 48 48"><path d="${heart}" fill="#fff"/></svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" rx="${kind === "apple" ? 0 : 16}" fill="url(#g)"/><path d="${heart}" fill="#fff"/></svg>`;
}

const icons = [
  { file: "icon-192.png", size: 192, kind: "any" },
  { file: "icon-512.png", size: 512, kind: "any" },
  { file: "icon-maskable-512.png", size: 512, kind: "maskable" },
  // iOS rounds the corners itself and shows transparency as black.
  { file: "apple-touch-icon.png", size: 180, kind: "apple" },
  { file: "badge-96.png", size: 96, kind: "badge" },
];

await mkdir(out, { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(svg(icon.kind)), { density: 72 * (icon.size / 64) * 2 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, icon.file));
  process.stdout.write(`apps/web/public/icons/${icon.file}\n`);
}
