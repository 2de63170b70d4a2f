import type { TOperatorLock } from "@velvet/shared/api/operator";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LockBar } from "./LockBar";

const NOW = 1_800_000_000_000;
const lock = (mine: boolean): TOperatorLock => ({
  conversation_uuid: "00000000-0000-4000-8000-000000000001",
  operator: { uuid: "00000000-0000-4000-8000-000000000002", username: mine ? "me" : "Colleague" },
  expires_at: "2026-11-26T03:00:00.000Z",
  seconds_left: 300,
  mine,
});
const render = (held: { lock: TOperatorLock; deadline: number } | null, isAdmin = false) =>
  renderToString(<LockBar held={held} now={NOW} isAdmin={isAdmin} onTake={() => {}} onRelease={() => {}} />).replaceAll(
    "<!-- -->",
    "",
  );

describe("the desk's hold bar", () => {
  it("counts the operator's own hold down and offers Release", () => {
    const html = render({ lock: lock(true), deadline: NOW + 125_000 });
    expect(html).toContain("2:05");
    expect(html).toContain("Release");
    expect(html).not.toContain("Take");
  });

  it("says a hold that ran out has ended and offers to take it again", () => {
    const html = render({ lock: lock(true), deadline: NOW - 1_000 });
    expect(html).toContain("Your hold ended");
    expect(html).toContain("Take it again");
    expect(html).not.toContain("Release");
  });

  it("names another operator who is answering; only an admin may unlock", () => {
    const other = { lock: lock(false), deadline: NOW + 60_000 };
    expect(render(other)).toContain("Colleague is answering");
    expect(render(other)).not.toContain("Unlock");
    expect(render(other, true)).toContain("Unlock");
    expect(render(null)).toContain("Take conversation");
  });
});
