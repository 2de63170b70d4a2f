import { describe, expect, it, vi } from "vitest";

describe("the app's toasts", () => {
  it("want the toaster (and sonner) only once something asks for a toast, and tell the shell once", async () => {
    const { subscribeToasterWanted, toast, toasterWanted } = await import("./toast");
    const listener = vi.fn();
    const stop = subscribeToasterWanted(listener);
    expect(toasterWanted()).toBe(false);
    toast.success("Saved");
    expect(toasterWanted()).toBe(true);
    toast.error("Failed");
    toast("Plain");
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    // sonner keeps what was asked for until a toaster subscribes and shows it.
    const sonner = await import("sonner");
    await vi.waitFor(() =>
      expect(sonner.toast.getToasts().map((item) => ("title" in item ? item.title : null))).toEqual([
        "Saved",
        "Failed",
        "Plain",
      ]),
    );
  });
});
