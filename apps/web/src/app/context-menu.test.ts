import { describe, expect, it } from "vitest";
import { disableContextMenuOutsideLocal } from "./context-menu";

function rightClick(target: EventTarget): boolean {
  const event = new Event("contextmenu", { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("the right-click context menu", () => {
  it("is disabled outside a local environment", () => {
    const page = new EventTarget();
    const stop = disableContextMenuOutsideLocal(false, page);
    expect(rightClick(page)).toBe(true);
    stop();
    expect(rightClick(page)).toBe(false);
  });

  it("stays available in a local environment", () => {
    const page = new EventTarget();
    disableContextMenuOutsideLocal(true, page);
    expect(rightClick(page)).toBe(false);
  });
});
