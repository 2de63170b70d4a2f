import type { TOperatorTemplate } from "@velvet/shared/api/operator";

export interface TemplateValues {
  member: string;
  profile: string;
  city: string;
}

/** `{member}`, `{profile}` and `{city}` filled in; anything else in braces is left as written. */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(/\{(member|profile|city)\}/g, (_whole, key: keyof TemplateValues) => values[key]);
}

/** The `/code` being typed just before the caret, if any: where it starts and what has been typed. */
export function shortCodeAt(text: string, caret: number): { start: number; typed: string } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)\/([a-z0-9_-]*)$/i.exec(before);
  if (!match) return null;
  const typed = match[1] ?? "";
  return { start: caret - typed.length - 1, typed: typed.toLowerCase() };
}

/** Templates whose code starts with what was typed; an exact match first. */
export function matchingTemplates(templates: TOperatorTemplate[], typed: string, limit = 6): TOperatorTemplate[] {
  return templates
    .filter((template) => template.code.startsWith(typed))
    .sort((a, b) => Number(b.code === typed) - Number(a.code === typed) || a.code.localeCompare(b.code))
    .slice(0, limit);
}

/** Replaces the `/code` before the caret with the filled template; answers the new text and caret. */
export function expandShortCode(
  text: string,
  caret: number,
  template: TOperatorTemplate,
  values: TemplateValues,
): { text: string; caret: number } {
  const code = shortCodeAt(text, caret);
  if (!code) return { text, caret };
  const filled = fillTemplate(template.text, values);
  return { text: `${text.slice(0, code.start)}${filled}${text.slice(caret)}`, caret: code.start + filled.length };
}
