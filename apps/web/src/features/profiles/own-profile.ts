import type { TPublicProfile } from "@velvet/shared/api/profiles";

export type OwnProfile = TPublicProfile & { profile_complete: boolean; birthdate: string | null };
