import { users } from "../../platform/db/schema/members";
import { primaryPhotoKeySql } from "./primary-photo-sql";

/** What a profile card needs from a `users` row; every card list selects exactly this (see presentCard). */
export const cardColumns = {
  uuid: users.uuid,
  username: users.username,
  gender: users.gender,
  birthdate: users.birthdate,
  state: users.state,
  city: users.city,
  headline: users.headline,
  lastActiveAt: users.lastActiveAt,
  isFictional: users.isFictional,
  onlineHours: users.onlineHours,
  primaryPhotoKey: primaryPhotoKeySql,
};
