import type { TConversationParty } from "@velvet/shared/api/conversations";

const sizes = {
  sm: { image: "size-9", dot: "size-2.5 ring-2" },
  md: { image: "size-11", dot: "size-3 ring-2" },
  lg: { image: "size-14", dot: "size-3.5 ring-[3px]" },
} as const;

/** A member's photo, round, with the green dot while they are online. */
export function Avatar({
  party,
  size = "md",
}: {
  party: Pick<TConversationParty, "username" | "primary_photo" | "online">;
  size?: keyof typeof sizes;
}) {
  const style = sizes[size];
  return (
    <span className="relative inline-flex shrink-0">
      <img
        src={party.primary_photo.url}
        alt=""
        className={`${style.image} rounded-full bg-velvet-100 object-cover`}
        loading="lazy"
        decoding="async"
      />
      {party.online ? (
        <span
          className={`absolute right-0 bottom-0 ${style.dot} rounded-full bg-online ring-white`}
          title="Online now"
        />
      ) : null}
    </span>
  );
}
