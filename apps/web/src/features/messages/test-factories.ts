import type { TConversation, TConversationParty, TMessage } from "@velvet/shared/api/conversations";

/** Builders for the messages feature's unit tests: a valid resource with only what a test cares about changed. */
export const VIEWER = { id: 1, uuid: "00000000-0000-4000-8000-000000000001" };
export const PARTNER_ID = 2;

export function party(overrides: Partial<TConversationParty> = {}): TConversationParty {
  return {
    id: PARTNER_ID,
    uuid: "00000000-0000-4000-8000-000000000002",
    username: "Nikki1976",
    gender: "female",
    primary_photo: { url: "/media/avatar.webp" },
    online: false,
    last_active_at: "2026-05-12T10:00:00.000Z",
    available: true,
    ...overrides,
  };
}

export function message(overrides: Partial<TMessage> & { id: number }): TMessage {
  return {
    client_id: `client-${overrides.id}`,
    created_at: "2026-05-12T10:00:00.000Z",
    read_at: null,
    from_id: PARTNER_ID,
    to_id: VIEWER.id,
    viewer_id: VIEWER.id,
    conversation: "conversation-1",
    from: { uuid: party().uuid, username: party().username, primary_photo: party().primary_photo },
    type: "text",
    text: "Hello",
    image: null,
    ...overrides,
  };
}

export function conversation(overrides: Partial<TConversation> & { id: number }): TConversation {
  const chatmate = party();
  const viewerParty = party({ id: VIEWER.id, uuid: VIEWER.uuid, username: "DemoMember" });
  return {
    conversation_id: overrides.id,
    uuid: `conversation-${overrides.id}`,
    initiator_id: PARTNER_ID,
    recipient_id: VIEWER.id,
    initiator: chatmate,
    recipient: viewerParty,
    viewer_id: VIEWER.id,
    viewer: VIEWER,
    chatmate,
    star: false,
    is_unread: false,
    unread_count: 0,
    updated_at: "2026-05-12T10:00:00.000Z",
    last_message: null,
    ...overrides,
  };
}
