// The conversations module's public surface: other modules and the app's wiring import only this file.
export { removeBlockedMemberFromConversation } from "./channel-rule";
export { appendMessage, type MessageAppendedHook, onMessageAppended, openConversation } from "./message-writer";
export { messageImageFileKey } from "./presenter";
export { conversationRoutes } from "./routes";
export { markReadInTransaction } from "./state-service";
