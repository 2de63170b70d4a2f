// The safety feature's public surface: blocking and reporting a member, from a profile or a conversation.
export { BlockDialog } from "./BlockDialog";
export { type ReportFlow, ReportForm, type ReportTarget, useReportFlow } from "./ReportForm";
export { fetchBlockedMembers, unblockMember } from "./safety-api";
