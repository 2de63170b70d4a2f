import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import "./content-prose.css";

/**
 * Stored page HTML in the site's prose style. The HTML comes only from
 * GET /api/pages/{slug}, which sanitises it with an allow-list when it is
 * written and again when it is served (no script, handler, frame, style or
 * javascript: URL can survive), which is what makes dangerouslySetInnerHTML
 * acceptable here. Never pass it anything else.
 */
export function RichContent({ html }: { html: string }) {
  const navigate = useNavigate();
  // Links to other pages of the site move within the app instead of reloading it.
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the real links inside; keyboard activation of a link fires click too.
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above, the links themselves are the keyboard targets.
    <div
      className="content-prose"
      onClick={followInternalLink}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side, see the comment above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
