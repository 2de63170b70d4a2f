import type { TMessage } from "@velvet/shared/api/conversations";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageItem } from "./MessageBubble";

const imageMessage: TMessage = {
  id: 7,
  client_id: "00000000-0000-4000-8000-000000000007",
  created_at: "2026-11-25T10:00:00.000Z",
  read_at: null,
  from_id: 2,
  to_id: 1,
  viewer_id: 1,
  conversation: "00000000-0000-4000-8000-000000000001",
  from: { uuid: "00000000-0000-4000-8000-000000000002", username: "deleted-2", primary_photo: { url: "/a.webp" } },
  type: "image",
  text: null,
  image: null,
};

const render = (message: TMessage) =>
  renderToString(
    <MessageItem
      message={message}
      mine={false}
      startsGroup
      endsGroup
      partner={{ username: "deleted-2", primary_photo: { url: "/a.webp" }, online: false }}
      time="10:00"
      onOpenImage={() => {}}
    />,
  );

describe("a message image", () => {
  it("says 'Image removed' where its sender deleted their account (the file is gone)", () => {
    const html = render(imageMessage);
    expect(html).toContain("Image removed");
  });

  it("shows the picture while it exists", () => {
    const html = render({ ...imageMessage, image: { url: "/media-private/x.webp", width: 40, height: 30 } });
    expect(html).toContain("/media-private/x.webp");
    expect(html).not.toContain("Image removed");
  });
});
