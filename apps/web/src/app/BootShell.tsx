/**
 * What index.html paints before the scripts (the brand bar), kept on screen by React while the first page's
 * guards run (the member's session, the page's chunk). The router renders it in the layout's place during that
 * first load, so the app frame around it (the cookie banner, the loading bar) shows at once instead of after the
 * member has loaded: a fresh visitor's banner, often the largest thing painted, no longer waits for a round
 * trip it does not need. Read from the page itself, so there is one copy of the markup.
 */
let bootMarkup = "";

/** Keeps index.html's placeholder markup; call before React's first render replaces it. */
export function captureBootShell(root: HTMLElement): void {
  bootMarkup = root.innerHTML;
}

export function BootShell() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own index.html's markup, read from the page before React rendered.
  return <div className="contents" dangerouslySetInnerHTML={{ __html: bootMarkup }} />;
}
