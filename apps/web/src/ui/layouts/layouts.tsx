import type { ComponentType, ReactNode } from "react";
import { useCampaign } from "../../features/campaign/campaign-store";
import { NotificationPopups } from "../../features/notifications/NotificationPopups";
import { Footer } from "../Footer";
import { Logo } from "../Logo";
import { Navbar } from "../Navbar";
import { MemberAccountHeader } from "../navbar/MemberAccountHeader";

export interface LayoutProps {
  children: ReactNode;
  footer?: "full" | "reduced";
}

/**
 * The member layout, also the fallback (spec §2): navbar, the account header
 * strip under it (hidden on messages-id), content, footer and notification
 * popups. Its routes apply the deactivated middleware (routes.ts).
 */
function DefaultLayout({ children, footer }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar accountHeader />
      <MemberAccountHeader />
      <main className="flex-1">{children}</main>
      <Footer variant={footer} />
      <NotificationPopups />
    </div>
  );
}

/**
 * Open pages (guest, full, blog): the navbar without the account strip, whoever is reading. The guest and
 * blog layouts take the survey-styled navbar for visitors who came through campaign landing 3 (spec §2).
 */
function GuestLayout({ children, footer, surveyForLanding3 = false }: LayoutProps & { surveyForLanding3?: boolean }) {
  const landing = useCampaign().landing;
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar variant={surveyForLanding3 && landing === 3 ? "survey" : "solid"} />
      <main className="flex-1">{children}</main>
      <Footer variant={footer} />
      <NotificationPopups />
    </div>
  );
}

function CampaignGuestLayout(props: LayoutProps) {
  return <GuestLayout {...props} surveyForLanding3 />;
}

function GuestNoAffiliateLayout({ children, footer }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar />
      <main className="flex-1">{children}</main>
      <Footer variant={footer} showAffiliates={false} />
    </div>
  );
}

function SurveyLayout({ children, footer }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-cream-100">
      <Navbar variant="survey" />
      <main className="flex-1">{children}</main>
      <Footer variant={footer} />
    </div>
  );
}

function LandingLayout({ children, footer }: LayoutProps) {
  return (
    <div className="relative flex min-h-dvh flex-col">
      <Navbar variant="transparent" />
      <main className="flex-1">{children}</main>
      <Footer variant={footer} />
    </div>
  );
}

function AuthLayout({ children }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-velvet-950 via-velvet-800 to-rose-600">
      <Navbar variant="transparent" />
      <main className="flex flex-1 items-center justify-center px-4 pt-20 pb-10">{children}</main>
      <Footer variant="reduced" />
    </div>
  );
}

function ChatLayout({ children }: LayoutProps) {
  return (
    <div className="flex h-dvh flex-col">
      <Navbar />
      <main className="min-h-0 flex-1">{children}</main>
      <NotificationPopups />
    </div>
  );
}

function FullscreenFooterLayout({ children, footer }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <main className="flex-1">{children}</main>
      <Footer variant={footer} />
    </div>
  );
}

function MinimalHeaderLayout({ children }: LayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-cream-100">
      <header className="bg-velvet-900">
        <div className="page-container flex h-16 items-center">
          <Logo />
        </div>
      </header>
      <main className="flex flex-1 flex-col">{children}</main>
      <Footer variant="reduced" />
    </div>
  );
}

function BareLayout({ children }: LayoutProps) {
  return <main className="min-h-dvh">{children}</main>;
}

/** Named layouts of spec §2; `default` is the fallback for any unknown name. */
const layouts: Record<string, ComponentType<LayoutProps>> = {
  default: DefaultLayout,
  guest: CampaignGuestLayout,
  full: GuestLayout,
  blog: CampaignGuestLayout,
  "guest-no-affiliate": GuestNoAffiliateLayout,
  survey: SurveyLayout,
  landing: LandingLayout,
  auth: AuthLayout,
  chat: ChatLayout,
  "fullscreen-footer": FullscreenFooterLayout,
  "error-maintenance": MinimalHeaderLayout,
  package: MinimalHeaderLayout,
  bare: BareLayout,
};

export function resolveLayout(name: string | undefined): ComponentType<LayoutProps> {
  return (name && layouts[name]) || DefaultLayout;
}

export { MinimalHeaderLayout as ErrorLayout };
