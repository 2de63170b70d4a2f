import type { TCurrentUser } from "@velvet/shared/api/auth";
import { memberPhotoUrl } from "./member-menu";

const sizes = { sm: "size-8", md: "size-10", lg: "size-14" } as const;

/** The signed-in member's own photo, or the default avatar for their gender. */
export function MemberAvatar({
  user,
  size = "md",
  className = "",
}: {
  user: Pick<TCurrentUser, "primary_photo" | "gender">;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <img
      src={memberPhotoUrl(user)}
      alt=""
      className={`${sizes[size]} shrink-0 rounded-full bg-velvet-100 object-cover ${className}`}
      decoding="async"
    />
  );
}
