import { describe, expect, it } from "vitest";
import { createLogger } from "../logging/logger";
import { DomainEvents } from "./domain-events";

describe("domain events", () => {
  it("reaches every handler until it unsubscribes", () => {
    const events = new DomainEvents();
    const seen: string[] = [];
    const stop = events.on("promotions.changed", () => void seen.push("first"));
    events.on("promotions.changed", () => void seen.push("second"));
    events.emit("promotions.changed", {});
    stop();
    events.emit("promotions.changed", {});
    expect(seen).toEqual(["first", "second", "second"]);
  });

  it("logs a failing handler and still reaches the others, never throwing at the writer", async () => {
    const logged: unknown[] = [];
    const logger = createLogger("error", { write: (line: string) => void logged.push(JSON.parse(line)) });
    const events = new DomainEvents(logger);
    let reached = false;
    events.on("promotions.changed", () => {
      throw new Error("broken");
    });
    events.on("promotions.changed", async () => {
      throw new Error("broken later");
    });
    events.on("promotions.changed", () => {
      reached = true;
    });
    expect(() => events.emit("promotions.changed", {})).not.toThrow();
    expect(reached).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toHaveLength(2);
  });
});
