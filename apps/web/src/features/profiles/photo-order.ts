import type { TOwnPhoto } from "@velvet/shared/api/photos";

export type MoveDirection = "earlier" | "later";

/**
 * The photos after moving one a step earlier or later, or undefined when it cannot move that way.
 * The main photo always comes first (the server lists it first and shows it first on the profile),
 * so it neither moves nor is moved past: "Make main" is how a photo gets to the front.
 */
export function movePhoto(photos: readonly TOwnPhoto[], id: string, direction: MoveDirection): TOwnPhoto[] | undefined {
  const from = photos.findIndex((photo) => photo.id === id);
  const to = from + (direction === "earlier" ? -1 : 1);
  const photo = photos[from];
  const neighbour = photos[to];
  if (!photo || !neighbour || photo.is_primary || neighbour.is_primary) return undefined;
  const moved = [...photos];
  moved[from] = neighbour;
  moved[to] = photo;
  return moved.map((item, position) => ({ ...item, position }));
}
