import { describe, expect, it } from "vitest";
import { acceptsPopup, isNotificationPayload, popupTrackingUuid } from "./popup-rules";
import { CONVERSATION_UUID, notification, SENDER } from "./test-factories";

const none = new Set<number>();
const message = (type: unknown) =>
  notification(
    { action_type: "MESSAGE_RECEIVED" },
    { message: { type, from: SENDER, conversation: { uuid: CONVERSATION_UUID } } },
  );

describe("which notifications pop up", () => {
  it("accepts the four popup action types", () => {
    for (const actionType of ["MESSAGE_RECEIVED", "PROFILE_VIEW", "USER_LIKE", "USER_FAVORITE"] as const) {
      expect(acceptsPopup(notification({ action_type: actionType }), none)).toBe(true);
    }
  });

  it("drops winks and action types it does not know", () => {
    expect(acceptsPopup(notification({ action_type: "PROFILE_WINK" }), none)).toBe(false);
    const unknown = notification({}, { action_type: "CREDITS_GIFTED" });
    expect(acceptsPopup(unknown, none)).toBe(false);
  });

  it("accepts messages of the types a member sends and drops any other", () => {
    for (const type of ["image", "text", "wink", "trigger"]) expect(acceptsPopup(message(type), none)).toBe(true);
    expect(acceptsPopup(message("like"), none)).toBe(false);
    expect(acceptsPopup(message("voice"), none)).toBe(false);
    expect(acceptsPopup(message(undefined), none)).toBe(false);
  });

  it("ignores an id it has seen", () => {
    expect(acceptsPopup(notification({ id: 7 }), new Set([7]))).toBe(false);
    expect(acceptsPopup(notification({ id: 8 }), new Set([7]))).toBe(true);
  });

  it("checks the payload's shape before using it", () => {
    expect(isNotificationPayload(notification())).toBe(true);
    expect(isNotificationPayload(null)).toBe(false);
    expect(isNotificationPayload({ id: "1", data: notification().data })).toBe(false);
    expect(isNotificationPayload({ id: 1, data: { action_type: "USER_LIKE" } })).toBe(false);
  });
});

describe("which popups are tracked", () => {
  it("records against the other member on screens under 1024 px", () => {
    expect(popupTrackingUuid(notification({ action_type: "USER_LIKE" }), 375)).toBe(SENDER.uuid);
    expect(popupTrackingUuid(notification({ action_type: "PROFILE_VIEW" }), 1023)).toBe(SENDER.uuid);
    expect(popupTrackingUuid(message("text"), 768)).toBe(SENDER.uuid);
  });

  it("records nothing at 1024 px and wider", () => {
    expect(popupTrackingUuid(notification({ action_type: "USER_LIKE" }), 1024)).toBeUndefined();
    expect(popupTrackingUuid(notification({ action_type: "USER_LIKE" }), 1280)).toBeUndefined();
  });

  it("records nothing for a favorite, or when the other member's uuid is missing", () => {
    expect(popupTrackingUuid(notification({ action_type: "USER_FAVORITE" }), 375)).toBeUndefined();
    expect(popupTrackingUuid(notification({ action_type: "USER_LIKE" }, { liker: null }), 375)).toBeUndefined();
  });
});
