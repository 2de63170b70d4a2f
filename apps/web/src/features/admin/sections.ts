import type { ComponentType } from "react";

/**
 * The admin console's sections, in navigation order. Each is a default-export component with no
 * props, loaded as its own chunk when an admin first opens it; a section adds its own sub-routes under its
 * path (the members section owns /admin/members/:uuid). Adding a section is one line here.
 */
export interface AdminSection {
  /** Under /admin; "" is the console's start page. */
  path: string;
  label: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const adminSections: readonly AdminSection[] = [
  { path: "", label: "Dashboard", load: () => import("./dashboard/DashboardSection") },
  { path: "members", label: "Members", load: () => import("./members/MembersSection") },
  { path: "photos", label: "Photos", load: () => import("./photos/PhotosSection") },
  { path: "reports", label: "Reports", load: () => import("./reports/ReportsSection") },
  { path: "support", label: "Support", load: () => import("./support/SupportSection") },
  { path: "pages", label: "Pages", load: () => import("./pages/PagesSection") },
  { path: "commerce", label: "Commerce", load: () => import("./commerce/CommerceSection") },
  { path: "promotions", label: "Promotions", load: () => import("./promotions/PromotionsSection") },
  { path: "fictional", label: "Fictional profiles", load: () => import("./fictional/FictionalProfilesSection") },
  { path: "triggers", label: "Triggers", load: () => import("./triggers/TriggersSection") },
  { path: "operators", label: "Operators", load: () => import("./operators/OperatorStatsSection") },
];

export function sectionHref(section: Pick<AdminSection, "path">): string {
  return section.path ? `/admin/${section.path}` : "/admin";
}
