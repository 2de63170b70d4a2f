import { QueryClient } from "@tanstack/react-query";
import { CONSENT_STORAGE_KEY } from "@velvet/shared/consent/consent-choice";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetConsentForTests } from "../../lib/consent";
import { handleNewNotification } from "./new-notification";
import type { NotificationPages } from "./notification-cache";
import { notificationKeys } from "./notification-keys";
import { usePopupStore } from "./popup-store";
import { CONVERSATION_UUID, notification, page, pages } from "./test-factories";

describe("a NEW_NOTIFICATION event", () => {
  let queryClient: QueryClient;
  let sitePopupCalls: Array<{ url: string; body: unknown }>;
  let detachHost: () => void;

  function stubPage({ width = 1280, pathname = "/dashboard", hidden = false } = {}) {
    vi.stubGlobal("window", {
      innerWidth: width,
      location: { pathname },
      localStorage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    });
    vi.stubGlobal("document", { hidden });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
    sitePopupCalls = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        sitePopupCalls.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(null, { status: 204 });
      }),
    );
    stubPage();
    // The visitor accepted statistics: popup tracking runs only then.
    const consent = JSON.stringify({ version: 1, statistics: true, marketing: true, decided_at: "" });
    vi.stubGlobal("localStorage", { getItem: (key: string) => (key === CONSENT_STORAGE_KEY ? consent : null) });
    resetConsentForTests();
    usePopupStore.setState({ popups: [], seenIds: new Set(), hosts: 0 });
    detachHost = usePopupStore.getState().attachHost();
  });
  afterEach(() => {
    detachHost();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("resets the list to page 1 and refreshes the list and the unread count", async () => {
    queryClient.setQueryData<NotificationPages>(notificationKeys.list, pages(page(1, 2, [3, 2]), page(2, 2, [1])));
    queryClient.setQueryData(notificationKeys.count, 2);
    await handleNewNotification(queryClient, notification({ id: 4 }));
    const list = queryClient.getQueryData<NotificationPages>(notificationKeys.list);
    expect(list?.pages).toHaveLength(1);
    expect(list?.pageParams).toEqual([1]);
    expect(queryClient.getQueryState(notificationKeys.list)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(notificationKeys.count)?.isInvalidated).toBe(true);
  });

  it("shows a popup once per id and removes it after 5 seconds", async () => {
    await handleNewNotification(queryClient, notification({ id: 5 }));
    await handleNewNotification(queryClient, notification({ id: 5 }));
    expect(usePopupStore.getState().popups.map((popup) => popup.id)).toEqual([5]);
    vi.advanceTimersByTime(4_999);
    expect(usePopupStore.getState().popups).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(usePopupStore.getState().popups).toHaveLength(0);
  });

  it("keeps the newest three on screen during a burst", async () => {
    for (const id of [21, 22, 23, 24]) await handleNewNotification(queryClient, notification({ id }));
    expect(usePopupStore.getState().popups.map((popup) => popup.id)).toEqual([22, 23, 24]);
  });

  it("shows no popup for a wink or a payload of the wrong shape", async () => {
    await handleNewNotification(queryClient, notification({ id: 6, action_type: "PROFILE_WINK" }));
    await handleNewNotification(queryClient, { id: 7 });
    expect(usePopupStore.getState().popups).toEqual([]);
  });

  it("shows no popup where no member layout is mounted, or about the conversation already open", async () => {
    detachHost();
    await handleNewNotification(queryClient, notification({ id: 8 }));
    detachHost = usePopupStore.getState().attachHost();
    stubPage({ pathname: `/messages/${CONVERSATION_UUID}` });
    await handleNewNotification(queryClient, notification({ id: 9, action_type: "MESSAGE_RECEIVED" }));
    expect(usePopupStore.getState().popups).toEqual([]);
  });

  it("records an impression against the other member on a phone, and none on a desktop", async () => {
    await handleNewNotification(queryClient, notification({ id: 10, action_type: "USER_LIKE" }));
    stubPage({ width: 375 });
    await handleNewNotification(queryClient, notification({ id: 11, action_type: "USER_LIKE" }));
    await handleNewNotification(queryClient, notification({ id: 12, action_type: "USER_FAVORITE" }));
    await vi.waitFor(() => expect(sitePopupCalls).toHaveLength(1));
    expect(sitePopupCalls[0]).toEqual({
      url: "/api/site-popups",
      body: {
        profile_user_uuid: notification().data.from_user_uuid,
        notification_type: "USER_LIKE",
        action_type: "IMPRESSION",
      },
    });
  });

  it("records no impression while the visitor has not consented to statistics", async () => {
    vi.stubGlobal("localStorage", { getItem: () => null });
    resetConsentForTests();
    stubPage({ width: 375 });
    await handleNewNotification(queryClient, notification({ id: 13, action_type: "USER_LIKE" }));
    expect(usePopupStore.getState().popups).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(sitePopupCalls).toEqual([]);
  });
});
