import { describe, expect, it } from "vitest";
import { message, PARTNER_ID, VIEWER } from "./test-factories";
import {
  applyRead,
  buildTimeline,
  dayLabel,
  markReceivedRead,
  mergeMessages,
  unreadReceivedUpTo,
  withViewer,
} from "./thread";

const ids = (list: Array<{ id: number }>) => list.map((item) => item.id);
const mine = (id: number, overrides = {}) => message({ id, from_id: VIEWER.id, to_id: PARTNER_ID, ...overrides });

describe("an open conversation's messages", () => {
  it("stay oldest first and unique by id, whatever order pages and live copies arrive in", () => {
    const newestPage = [message({ id: 30 }), message({ id: 29 }), message({ id: 28 })];
    const live = [message({ id: 31 }), message({ id: 30 })];
    const olderPage = [message({ id: 27 }), message({ id: 28 })];
    const merged = mergeMessages(mergeMessages(mergeMessages([], newestPage), live), olderPage);
    expect(ids(merged)).toEqual([27, 28, 29, 30, 31]);
  });

  it("keep a read tick when a copy made before the read arrives late", () => {
    const read = mine(5, { read_at: "2026-05-12T10:05:00.000Z" });
    const [merged] = mergeMessages([read], [mine(5, { read_at: null, viewer_id: null })]);
    expect(merged?.read_at).toBe("2026-05-12T10:05:00.000Z");
  });

  it("fill in the viewer on real-time copies", () => {
    expect(withViewer(message({ id: 1, viewer_id: null }), VIEWER.id).viewer_id).toBe(VIEWER.id);
  });

  it("get read ticks on the viewer's own messages up to the id the partner read", () => {
    const messages = [mine(1), message({ id: 2 }), mine(3), mine(4)];
    const event = {
      conversation_uuid: "conversation-1",
      read_at: "2026-05-12T11:00:00.000Z",
      up_to_message_id: 3,
      reader_uuid: "partner",
    };
    const after = applyRead(messages, event, VIEWER);
    expect(after.map((item) => item.read_at !== null)).toEqual([true, false, true, false]);
  });

  it("stop counting received messages as unread when the viewer read them in another tab", () => {
    const messages = [message({ id: 1 }), mine(2), message({ id: 3 })];
    const event = {
      conversation_uuid: "c",
      read_at: "2026-05-12T11:00:00.000Z",
      up_to_message_id: 3,
      reader_uuid: VIEWER.uuid,
    };
    expect(applyRead(messages, event, VIEWER).map((item) => item.read_at !== null)).toEqual([true, false, true]);
  });

  it("know the newest received message to mark read, and none once marked", () => {
    const messages = [message({ id: 1 }), message({ id: 2 }), mine(3)];
    expect(unreadReceivedUpTo(messages, VIEWER.id)).toBe(2);
    expect(unreadReceivedUpTo(markReceivedRead(messages, VIEWER.id, 2, "now"), VIEWER.id)).toBeNull();
    expect(unreadReceivedUpTo([mine(4)], VIEWER.id)).toBeNull();
  });
});

describe("day separators", () => {
  const now = new Date(2026, 4, 12, 15, 30);
  it("say Today, Yesterday, a weekday within the week, then the date", () => {
    expect(dayLabel(new Date(2026, 4, 12, 0, 5), now)).toBe("Today");
    expect(dayLabel(new Date(2026, 4, 11, 23, 59), now)).toBe("Yesterday");
    expect(dayLabel(new Date(2026, 4, 8, 12, 0), now)).toBe("Friday");
    expect(dayLabel(new Date(2026, 3, 2, 12, 0), now)).toBe("Thu 2 April");
    expect(dayLabel(new Date(2025, 11, 24, 12, 0), now)).toBe("24 December 2025");
  });

  it("come before the first message of each day, and group one sender's close messages", () => {
    const local = (day: number, hour: number, minute: number) => new Date(2026, 4, day, hour, minute).toISOString();
    const messages = [
      message({ id: 1, created_at: local(11, 20, 0) }),
      message({ id: 2, created_at: local(12, 9, 0) }),
      message({ id: 3, created_at: local(12, 9, 1) }),
      mine(4, { created_at: local(12, 9, 2) }),
      mine(5, { created_at: local(12, 9, 30) }),
    ];
    const timeline = buildTimeline(messages, VIEWER.id, now);
    expect(timeline.map((item) => (item.kind === "day" ? item.label : item.message.id))).toEqual([
      "Yesterday",
      1,
      "Today",
      2,
      3,
      4,
      5,
    ]);
    const groups = timeline.flatMap((item) =>
      item.kind === "message" ? [[item.message.id, item.mine, item.startsGroup, item.endsGroup]] : [],
    );
    expect(groups).toEqual([
      [1, false, true, true],
      [2, false, true, false],
      [3, false, false, true],
      [4, true, true, true],
      [5, true, true, true],
    ]);
  });
});
