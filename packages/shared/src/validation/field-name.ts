/** "password_confirmation" -> "password confirmation"; "campaign.s1" -> "s1". */
export function humanFieldName(path: ReadonlyArray<PropertyKey>): string {
  const last = [...path].reverse().find((segment) => typeof segment === "string");
  if (typeof last !== "string") return "value";
  return last
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase()
    .trim();
}

/** The key a field error is filed under in the 422 envelope ("campaign.s1", "photos.0"). */
export function fieldKey(path: ReadonlyArray<PropertyKey>): string {
  return path.map((segment) => String(segment)).join(".");
}
