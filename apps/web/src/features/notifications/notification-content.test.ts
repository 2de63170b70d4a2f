import { describe, expect, it } from "vitest";
import {
  latestMessageText,
  messageCount,
  notificationIconKind,
  notificationSentence,
  notificationTarget,
  notificationText,
  otherMemberUuid,
  pushClickType,
} from "./notification-content";
import { CONVERSATION_UUID, notification, SENDER } from "./test-factories";

describe("what a notification says and opens", () => {
  it("words each action type as spec §2 does", () => {
    expect(notificationText(notification({ action_type: "MESSAGE_RECEIVED" }))).toBe("has sent you a message");
    expect(notificationText(notification({ action_type: "PROFILE_VIEW" }))).toBe("has viewed your profile");
    expect(notificationText(notification({ action_type: "USER_LIKE" }))).toBe("liked your profile");
    expect(notificationText(notification({ action_type: "USER_FAVORITE" }))).toBe("favorited your profile");
    expect(notificationText(notification({ action_type: "PROFILE_WINK" }))).toBe("winked at you");
    expect(notificationSentence(notification({ action_type: "USER_LIKE" }))).toBe("Nikki1976 liked your profile");
  });

  it("counts a conversation's grouped messages and shows the latest words, for messages only", () => {
    const grouped = notification(
      { action_type: "MESSAGE_RECEIVED" },
      { count: 3, message: { type: "text", text: " Dinner at eight? ", conversation: { uuid: CONVERSATION_UUID } } },
    );
    expect(messageCount(grouped)).toBe(3);
    expect(notificationText(grouped)).toBe("has sent you 3 messages");
    expect(latestMessageText(grouped)).toBe("Dinner at eight?");
    const photo = notification({ action_type: "MESSAGE_RECEIVED" }, { count: 1, message: { type: "image", text: "" } });
    expect(notificationText(photo)).toBe("has sent you a message");
    expect(latestMessageText(photo)).toBeUndefined();
    // A count on anything else means nothing: likes stay one item each.
    expect(notificationText(notification({ action_type: "USER_LIKE" }, { count: 4 }))).toBe("liked your profile");
  });

  it("opens the conversation for a message and the other member's profile otherwise", () => {
    expect(notificationTarget(notification({ action_type: "MESSAGE_RECEIVED" }))).toBe(
      `/messages/${CONVERSATION_UUID}`,
    );
    const viewer = "00000000-0000-4000-8000-000000000011";
    const liker = "00000000-0000-4000-8000-000000000022";
    expect(notificationTarget(notification({ action_type: "PROFILE_VIEW" }, { viewer: { uuid: viewer } }))).toBe(
      `/profile/${viewer}`,
    );
    expect(notificationTarget(notification({ action_type: "USER_LIKE" }, { liker: { uuid: liker } }))).toBe(
      `/profile/${liker}`,
    );
    expect(notificationTarget(notification({ action_type: "USER_FAVORITE" }))).toBe(`/profile/${SENDER.uuid}`);
    expect(notificationTarget(notification({ action_type: "PROFILE_WINK" }))).toBe(`/profile/${SENDER.uuid}`);
  });

  it("falls back sensibly when a nested detail is missing", () => {
    expect(notificationTarget(notification({ action_type: "MESSAGE_RECEIVED" }, { message: null }))).toBe("/messages");
    expect(notificationTarget(notification({ action_type: "PROFILE_VIEW" }, { viewer: undefined }))).toBe(
      `/profile/${SENDER.uuid}`,
    );
  });

  it("names the other member only from the type's own details, never for a favorite", () => {
    expect(otherMemberUuid(notification({ action_type: "MESSAGE_RECEIVED" }))).toBe(SENDER.uuid);
    expect(otherMemberUuid(notification({ action_type: "PROFILE_VIEW" }))).toBe(SENDER.uuid);
    expect(otherMemberUuid(notification({ action_type: "USER_LIKE" }))).toBe(SENDER.uuid);
    expect(otherMemberUuid(notification({ action_type: "USER_FAVORITE" }))).toBeUndefined();
    expect(otherMemberUuid(notification({ action_type: "USER_LIKE" }, { liker: {} }))).toBeUndefined();
  });

  it("gives winks their own icon and push-click type, whether a profile wink or a wink in a chat", () => {
    expect(notificationIconKind(notification({ action_type: "PROFILE_WINK" }))).toBe("wink");
    const chatWink = notification(
      { action_type: "MESSAGE_RECEIVED" },
      { message: { type: "wink", from: SENDER, conversation: { uuid: CONVERSATION_UUID } } },
    );
    expect(notificationIconKind(chatWink)).toBe("wink");
    expect(notificationIconKind(notification({ action_type: "MESSAGE_RECEIVED" }))).toBe("message");
    expect(notificationIconKind(notification({ action_type: "PROFILE_VIEW" }))).toBe("view");
    expect(notificationIconKind(notification({ action_type: "USER_LIKE" }))).toBe("like");
    expect(notificationIconKind(notification({ action_type: "USER_FAVORITE" }))).toBe("favorite");
    expect(pushClickType(chatWink)).toBe(2);
    expect(pushClickType(notification({ action_type: "MESSAGE_RECEIVED" }))).toBe(1);
    expect(pushClickType(notification({ action_type: "USER_FAVORITE" }))).toBe(1);
  });
});
