/**
 * Accepts only same-site relative paths for post-login returns (spec §2):
 * "/messages?x=1" passes; "//evil.example", "/.//evil.example", "https://…", "/\\evil", "javascript:…" do not.
 */
export function safeRelativePath(candidate: string | null | undefined): string | null {
  if (!candidate) return null;
  let value = candidate.trim();
  // Anything with a scheme ("https:", "javascript:") is refused outright, not turned into a path.
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  if (!value.startsWith("/")) value = `/${value}`;
  if (value.startsWith("//") || value.includes("\\")) return null;
  // Control characters let some browsers turn "/\t/evil" into a protocol-relative URL.
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  try {
    const resolved = new URL(value, "https://site.invalid");
    if (resolved.origin !== "https://site.invalid") return null;
    const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
    // The result is checked, not only the input: dot segments resolve away ("/.//evil.example" and
    // "/%2e/%2e//evil.example" become "//evil.example"), which the browser would take as another host.
    if (path.startsWith("//") || path.includes("\\")) return null;
    return path;
  } catch {
    return null;
  }
}
