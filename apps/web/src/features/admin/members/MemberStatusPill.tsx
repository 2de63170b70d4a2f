import type { TAdminMemberSummary } from "@velvet/shared/api/admin-members";
import { Pill } from "../admin-ui";

export function MemberStatusPill({
  member,
}: {
  member: Pick<TAdminMemberSummary, "deleted_at" | "deactivated_at" | "suspension">;
}) {
  if (member.deleted_at) return <Pill tone="bad">Deleted</Pill>;
  if (member.suspension) return <Pill tone="bad">Suspended</Pill>;
  if (member.deactivated_at) return <Pill tone="warn">Deactivated</Pill>;
  return <Pill tone="good">Active</Pill>;
}
