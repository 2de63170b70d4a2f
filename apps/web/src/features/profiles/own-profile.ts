import type { EndpointResult } from "@velvet/shared/contract/endpoint";
import type { profileEndpoints } from "@velvet/shared/contract/profiles";

export type OwnProfile = EndpointResult<typeof profileEndpoints.ownProfile>["data"];
