import type { TOperatorTemplate } from "@velvet/shared/api/operator";
import { describe, expect, it } from "vitest";
import { expandShortCode, fillTemplate, matchingTemplates, shortCodeAt } from "./templates";

const template = (code: string, text: string): TOperatorTemplate => ({
  id: code.length,
  code,
  kind: "canned",
  text,
  profile: null,
  updated_at: "2026-01-01T00:00:00.000Z",
});
const values = { member: "Sam", profile: "Jess", city: "Perth" };

describe("template short codes", () => {
  it("fills in the member, the profile and the city", () => {
    expect(fillTemplate("Hi {member}, I'm {profile} from {city} {other}", values)).toBe(
      "Hi Sam, I'm Jess from Perth {other}",
    );
  });

  it("finds a /code being typed before the caret, at the start or after a space only", () => {
    expect(shortCodeAt("/hi", 3)).toEqual({ start: 0, typed: "hi" });
    expect(shortCodeAt("well /Ni", 8)).toEqual({ start: 5, typed: "ni" });
    expect(shortCodeAt("and/or", 6)).toBeNull();
    expect(shortCodeAt("/hi there", 9)).toBeNull();
  });

  it("offers templates starting with what was typed, the exact one first", () => {
    const list = [template("hi-there", "a"), template("hi", "b"), template("night", "c")];
    expect(matchingTemplates(list, "hi").map((entry) => entry.code)).toEqual(["hi", "hi-there"]);
    expect(matchingTemplates(list, "").map((entry) => entry.code)).toEqual(["hi", "hi-there", "night"]);
  });

  it("replaces the code with the filled text and puts the caret after it", () => {
    const expanded = expandShortCode("Oh /hi!", 6, template("hi", "hey {member}"), values);
    expect(expanded).toEqual({ text: "Oh hey Sam!", caret: 10 });
  });
});
