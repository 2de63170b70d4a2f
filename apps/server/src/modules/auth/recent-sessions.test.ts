import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  checkedSessionCount,
  forgetCheckedSession,
  forgetCheckedSessionsOf,
  recentlyCheckedSession,
  rememberCheckedSession,
  SESSION_RECHECK_MS,
} from "./recent-sessions";
import type { Authenticated } from "./session-service";

function checkedSession(userId: number): Authenticated {
  return {
    user: { id: userId, uuid: randomUUID() },
    session: { id: randomUUID() },
  } as unknown as Authenticated;
}

const claimsOf = (auth: Authenticated) => ({ sessionId: auth.session.id, userUuid: auth.user.uuid });

describe("recent session checks", () => {
  it("accepts a check for under a second, for the same member only", () => {
    const auth = checkedSession(1);
    rememberCheckedSession(auth, 10_000);
    expect(recentlyCheckedSession(claimsOf(auth), 10_000 + SESSION_RECHECK_MS - 1)).toBe(auth);
    expect(recentlyCheckedSession({ ...claimsOf(auth), userUuid: randomUUID() }, 10_001)).toBeUndefined();
    expect(recentlyCheckedSession(claimsOf(auth), 10_000 + SESSION_RECHECK_MS)).toBeUndefined();
  });

  it("forgets a revoked session, and every session of a member signed out everywhere", () => {
    const now = Date.now();
    const phone = checkedSession(7);
    const laptop = checkedSession(7);
    const other = checkedSession(8);
    for (const auth of [phone, laptop, other]) rememberCheckedSession(auth, now);
    forgetCheckedSession(phone.session.id);
    expect(recentlyCheckedSession(claimsOf(phone), now)).toBeUndefined();
    expect(recentlyCheckedSession(claimsOf(laptop), now)).toBe(laptop);
    forgetCheckedSessionsOf(7);
    expect(recentlyCheckedSession(claimsOf(laptop), now)).toBeUndefined();
    expect(recentlyCheckedSession(claimsOf(other), now)).toBe(other);
  });

  it("keeps no check longer than it can be used", () => {
    const start = Date.now() + 60_000;
    for (let index = 0; index < 50; index += 1) rememberCheckedSession(checkedSession(100 + index), start);
    expect(checkedSessionCount()).toBeGreaterThanOrEqual(50);
    // A second later, remembering one more sweeps every check that has run out.
    rememberCheckedSession(checkedSession(999), start + SESSION_RECHECK_MS);
    expect(checkedSessionCount()).toBe(1);
  });
});
