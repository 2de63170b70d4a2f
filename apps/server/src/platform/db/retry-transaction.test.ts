import { describe, expect, it } from "vitest";
import { retryingAbortedTransaction } from "./retry-transaction";

const aborted = (code: string) => Object.assign(new Error("aborted"), { code });

describe("retryingAbortedTransaction", () => {
  it("runs again after a deadlock or a serialization failure, also when the error is wrapped", async () => {
    const failures = [aborted("40P01"), new Error("Failed query", { cause: aborted("40001") })];
    let calls = 0;
    const result = await retryingAbortedTransaction(async () => {
      calls++;
      const failure = failures.shift();
      if (failure) throw failure;
      return "committed";
    });
    expect(result).toBe("committed");
    expect(calls).toBe(3);
  });

  it("gives up after three aborts, and never retries other errors", async () => {
    let calls = 0;
    await expect(
      retryingAbortedTransaction(async () => {
        calls++;
        throw aborted("40P01");
      }),
    ).rejects.toThrow("aborted");
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      retryingAbortedTransaction(async () => {
        calls++;
        throw aborted("23505");
      }),
    ).rejects.toThrow("aborted");
    expect(calls).toBe(1);
  });
});
