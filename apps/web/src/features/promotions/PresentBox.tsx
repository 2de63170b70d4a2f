import { useId } from "react";
import { formatCount } from "../../lib/format-count";

const palettes = {
  1000: { box: ["#a63b74", "#531739"], lid: ["#c45f93", "#6e1f4b"], ribbon: ["#ffd57a", "#e8a93a"] },
  2500: { box: ["#ff4d8d", "#8a2a5e"], lid: ["#ff6f9f", "#a63b74"], ribbon: ["#fff1b8", "#f0b43c"] },
} as const;

/**
 * A present box with its credits on the label (spec §1: present boxes for
 * 1,000 and 2,500 credits). Drawn here, so no stock image is ever fetched.
 */
export function PresentBox({ credits, className = "" }: { credits: 1000 | 2500; className?: string }) {
  const id = useId().replace(/:/g, "");
  const colors = palettes[credits];
  const label = formatCount(credits);
  return (
    <svg viewBox="0 0 200 200" className={className} role="img" aria-label={`Present box with ${label} credits`}>
      <defs>
        <radialGradient id={`${id}-glow`} cx="50%" cy="55%" r="50%">
          <stop offset="0" stopColor="#ffd1e1" stopOpacity="0.9" />
          <stop offset="1" stopColor="#ffd1e1" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-box`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={colors.box[0]} />
          <stop offset="1" stopColor={colors.box[1]} />
        </linearGradient>
        <linearGradient id={`${id}-lid`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={colors.lid[0]} />
          <stop offset="1" stopColor={colors.lid[1]} />
        </linearGradient>
        <linearGradient id={`${id}-ribbon`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor={colors.ribbon[1]} />
          <stop offset="0.5" stopColor={colors.ribbon[0]} />
          <stop offset="1" stopColor={colors.ribbon[1]} />
        </linearGradient>
      </defs>
      <circle cx="100" cy="112" r="92" fill={`url(#${id}-glow)`} />
      <ellipse cx="100" cy="184" rx="66" ry="7" fill="#3b0a2a" opacity="0.18" />
      <rect x="40" y="96" width="120" height="84" rx="10" fill={`url(#${id}-box)`} />
      <rect x="40" y="96" width="120" height="12" fill="#24041a" opacity="0.18" />
      <rect x="92" y="96" width="16" height="84" fill={`url(#${id}-ribbon)`} />
      <rect x="31" y="74" width="138" height="28" rx="8" fill={`url(#${id}-lid)`} />
      <rect x="31" y="74" width="138" height="7" rx="3.5" fill="#fff" opacity="0.22" />
      <rect x="92" y="74" width="16" height="28" fill={`url(#${id}-ribbon)`} />
      <path d="M100 74c-9-17-31-30-42-21-9 8 1 22 20 23z" fill={`url(#${id}-ribbon)`} />
      <path d="M100 74c9-17 31-30 42-21 9 8-1 22-20 23z" fill={`url(#${id}-ribbon)`} />
      <path d="M100 74c-7-10-20-18-27-14" stroke="#b9792a" strokeWidth="2" fill="none" opacity="0.55" />
      <path d="M100 74c7-10 20-18 27-14" stroke="#b9792a" strokeWidth="2" fill="none" opacity="0.55" />
      <rect x="92" y="66" width="16" height="14" rx="5" fill={colors.ribbon[1]} />
      <rect x="50" y="120" width="100" height="44" rx="12" fill="#fffaf6" />
      <rect x="50" y="120" width="100" height="44" rx="12" fill="none" stroke={colors.ribbon[1]} strokeWidth="2" />
      <text
        x="100"
        y="145"
        textAnchor="middle"
        fontFamily="Fraunces Variable, Georgia, serif"
        fontSize="22"
        fontWeight="700"
        fill="#3b0a2a"
      >
        {label}
      </text>
      <text
        x="100"
        y="158"
        textAnchor="middle"
        fontFamily="Inter Variable, system-ui, sans-serif"
        fontSize="8.5"
        fontWeight="700"
        letterSpacing="2"
        fill="#a63b74"
      >
        CREDITS
      </text>
      <path d="M30 52l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" fill="#ffd57a" />
      <path d="M168 34l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" fill="#ff9fc0" />
      <path d="M176 120l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#ffd57a" />
      <circle cx="22" cy="110" r="3" fill="#ff9fc0" />
      <circle cx="150" cy="58" r="2.5" fill="#ffd57a" />
    </svg>
  );
}
