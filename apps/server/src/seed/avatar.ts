import type { Gender } from "@velvet/shared/constants/profile-options";
import type { Random } from "./random";

/**
 * Draws a stylised, faceless portrait locally (no network), so every demo
 * profile has a photo that matches its gender and hair colour.
 */
const SKIN_TONES = ["#f6d3b3", "#eec19d", "#d9a27b", "#c18560", "#9c6644", "#7a4b2e", "#5a3520"];
const BACKGROUNDS: Array<[string, string]> = [
  ["#ffd1dc", "#ff8fab"],
  ["#e0c3fc", "#8ec5fc"],
  ["#fbc2eb", "#a6c1ee"],
  ["#fddb92", "#f6a5c0"],
  ["#a1c4fd", "#c2e9fb"],
  ["#f5576c", "#f093fb"],
  ["#ffecd2", "#fcb69f"],
  ["#d4fc79", "#96e6a1"],
  ["#cfd9df", "#e2ebf0"],
  ["#ff9a9e", "#fecfef"],
];
const CLOTHING = ["#2d1b4e", "#7b2cbf", "#c9184a", "#1d3557", "#264653", "#e76f51", "#111827", "#f8f9fa", "#6d597a"];
/** Keys of the hair colour option list (spec §3) to a paint colour. */
const HAIR_BY_OPTION: Record<number, string[]> = {
  1: ["#3b2417", "#2a1a10"],
  2: ["#1c1410", "#0f0b09"],
  3: ["#5b3a29", "#6f4e37", "#4a2c1d"],
  4: ["#e6c27a", "#d9b166", "#f1d59b"],
  5: ["#e8e6e1", "#cfcac3"],
  6: ["#a63d1f", "#b5532f"],
  7: ["#7b5ea7", "#3d6e8f"],
};

export function avatarSvg(gender: Gender, hairColorKey: number, random: Random): string {
  const [from, to] = random.pick(BACKGROUNDS);
  const skin = random.pick(SKIN_TONES);
  const hair = random.pick(HAIR_BY_OPTION[hairColorKey] ?? HAIR_BY_OPTION[1] ?? ["#3b2417"]);
  const cloth = random.pick(CLOTHING);
  const tilt = random.int(-6, 6);
  const longHair = gender === "female" ? random.chance(0.85) : random.chance(0.1);
  const backHair = longHair
    ? `<path d="M120 200 C 110 110, 290 110, 280 200 L 300 340 C 260 360, 140 360, 100 340 Z" fill="${hair}"/>`
    : "";
  const fringe = longHair
    ? `<path d="M138 190 C 140 120, 260 112, 264 190 C 240 150, 200 140, 150 175 Z" fill="${hair}"/>`
    : `<path d="M140 185 C 136 120, 264 118, 262 185 C 250 160, 220 146, 196 150 C 172 152, 150 165, 140 185 Z" fill="${hair}"/>`;
  const beard =
    gender === "male" && random.chance(0.35)
      ? `<path d="M160 232 C 170 290, 230 290, 240 232 C 228 262, 172 262, 160 232 Z" fill="${hair}" opacity="0.85"/>`
      : "";
  const neckline = gender === "female" ? "M150 330 Q 200 380 250 330" : "M170 325 L 200 350 L 230 325";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <circle cx="330" cy="70" r="90" fill="#ffffff" opacity="0.12"/>
  <g transform="rotate(${tilt} 200 260)">
    ${backHair}
    <path d="M60 420 C 70 330, 130 305, 200 305 C 270 305, 330 330, 340 420 Z" fill="${cloth}"/>
    <path d="${neckline}" stroke="${skin}" stroke-width="26" fill="none" stroke-linecap="round"/>
    <rect x="178" y="250" width="44" height="70" rx="20" fill="${skin}"/>
    <ellipse cx="200" cy="205" rx="62" ry="74" fill="${skin}"/>
    ${beard}
    ${fringe}
  </g>
</svg>`;
}

/**
 * The sizes pages ask for (as uploaded photos have). Drawn art needs no more than
 * 480 px, so the large and medium files are one encode; a low WebP effort keeps
 * seeding hundreds of photos within the first-start budget.
 */
export async function renderAvatar(svg: string): Promise<{ large: Buffer; medium: Buffer; thumb: Buffer }> {
  const { default: sharp } = await import("sharp");
  const image = sharp(Buffer.from(svg));
  const [large, thumb] = await Promise.all([
    image.clone().resize(480, 480).webp({ quality: 80, effort: 1 }).toBuffer(),
    image.clone().resize(240, 240).webp({ quality: 78, effort: 1 }).toBuffer(),
  ]);
  return { large, medium: large, thumb };
}
