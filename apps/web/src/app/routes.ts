import type { ComponentType } from "react";

/** Layout names of spec §2; an unknown name falls back to `default`. */
export type LayoutName =
  | "auth"
  | "bare"
  | "blog"
  | "chat"
  | "default"
  | "error-maintenance"
  | "full"
  | "fullscreen-footer"
  | "guest"
  | "guest-no-affiliate"
  | "landing"
  | "package"
  | "survey";

export interface RouteHandle {
  name?: string;
  layout: LayoutName | string;
  middleware: string[];
  title: string;
  /** The 'milf' route uses a reduced footer (spec §1). */
  footer?: "full" | "reduced";
}

export interface PageRoute extends RouteHandle {
  path: string;
  page: () => Promise<{ default: ComponentType }>;
  /**
   * Fetch the page's chunk only once the middleware has let the visitor in (the staff consoles): a member who
   * types /admin is redirected without downloading any of it. Other pages load their chunk alongside the checks.
   */
  chunkAfterGuards?: boolean;
}

const auth = {
  login: () => import("../features/auth/LoginPage"),
  register: () => import("../features/auth/RegisterPage"),
  forgotPassword: () => import("../features/auth/ForgotPasswordPage"),
  resetPassword: () => import("../features/auth/ResetPasswordPage"),
  confirmEmail: () => import("../features/auth/ConfirmEmailPage"),
  unsubscribe: () => import("../features/auth/UnsubscribePage"),
  account: () => import("../features/account/AccountPage"),
  blockedMembers: () => import("../features/account/BlockedMembersPage"),
  devices: () => import("../features/account/DevicesPage"),
  deactivated: () => import("../features/account/DeactivatedPage"),
};
const profiles = {
  dashboard: () => import("../features/profiles/DashboardPage"),
  profile: () => import("../features/profiles/ProfilePage"),
  favorites: () => import("../features/profiles/MyFavoritesPage"),
  visitors: () => import("../features/profiles/MyVisitorsPage"),
  likes: () => import("../features/profiles/LikesYouPage"),
  mine: () => import("../features/profiles/MyProfilePage"),
  edit: () => import("../features/profiles/EditProfilePage"),
  complete: () => import("../features/profiles/CompleteProfilePage"),
};
const messages = {
  list: () => import("../features/messages/MessagesPage"),
  conversation: () => import("../features/messages/ConversationPage"),
};
const credits = {
  choosePackage: () => import("../features/credits/CreditPackagePage"),
  buy: () => import("../features/credits/BuyCreditsPage"),
  paymentStatus: () => import("../features/credits/PaymentStatusPage"),
  prices: () => import("../features/messages/PricesPage"),
  howToPay: () => import("../features/credits/HowToPayPage"),
  vip: () => import("../features/credits/VipPage"),
  receipt: () => import("../features/credits/ReceiptPage"),
};
const home = () => import("../features/home/HomePage");
const marketing = {
  milf: () => import("../features/marketing/MilfPage"),
  instagramForSex: () => import("../features/marketing/InstagramForSexPage"),
  tinderForSex: () => import("../features/marketing/TinderForSexPage"),
};
const landers = {
  casualDating: () => import("../features/marketing/landers/CasualDatingLander"),
  tonight: () => import("../features/marketing/landers/TonightLander"),
  fantasyMatch: () => import("../features/marketing/landers/FantasyMatchLander"),
};
const operatorConsole = () => import("../features/operator/OperatorPage");
const adminConsole = () => import("../features/admin/AdminPage");
const maintenance = () => import("../features/system/MaintenancePage");

type RouteExtras = Partial<PageRoute> & Pick<PageRoute, "page">;

const member = (path: string, title: string, extra: RouteExtras): PageRoute => ({
  path,
  title,
  layout: "default",
  middleware: ["auth", "deactivated"],
  ...extra,
});
const guestOnly = (path: string, title: string, page: PageRoute["page"]): PageRoute => ({
  path,
  title,
  layout: "auth",
  middleware: ["guest"],
  page,
});
const open = (path: string, title: string, extra: RouteExtras): PageRoute => ({
  path,
  title,
  layout: "guest",
  middleware: [],
  ...extra,
});

/** Every route of spec §2, each with its page. */
export const pageRoutes: PageRoute[] = [
  open("/", "Home", { name: "index", page: home }),
  guestOnly("/login", "Log in", auth.login),
  guestOnly("/register", "Create your account", auth.register),
  guestOnly("/forgot-password", "Forgot your password?", auth.forgotPassword),
  guestOnly("/reset-password", "Choose a new password", auth.resetPassword),
  open("/confirm-email", "Confirm your email", { layout: "auth", page: auth.confirmEmail }),
  open("/unsubscribe", "Unsubscribe", { layout: "auth", page: auth.unsubscribe }),

  member("/dashboard", "Search", { page: profiles.dashboard }),
  member("/messages", "Messages", { page: messages.list }),
  member("/messages/:id", "Conversation", { name: "messages-id", layout: "chat", page: messages.conversation }),
  member("/my-profile", "My profile", { page: profiles.mine }),
  member("/profile/edit", "Edit profile", { page: profiles.edit }),
  member("/profile/complete", "Complete your profile", { page: profiles.complete }),
  member("/profile/:profile", "Profile", { page: profiles.profile }),
  member("/my-visitors", "My visitors", { page: profiles.visitors }),
  member("/my-favorites", "My favorites", { page: profiles.favorites }),
  member("/my-likes", "Likes you", { page: profiles.likes }),
  member("/credits/buy", "Buy credits", {
    layout: "package",
    middleware: ["auth", "deactivated", "creditPayment"],
    page: credits.buy,
  }),
  member("/credits/package", "Choose a credit package", { layout: "package", page: credits.choosePackage }),
  member("/account", "Account settings", { page: auth.account }),
  // Bare: the receipt is a page to print, without the navbar and footer around it.
  member("/account/purchases/:id/receipt", "Receipt", { layout: "bare", page: credits.receipt }),
  member("/account/blocked-members", "Blocked members", { page: auth.blockedMembers }),
  member("/account/devices", "Devices", { page: auth.devices }),
  member("/payment-status", "Payment status", { page: credits.paymentStatus }),
  member("/trustpay-status", "Payment status", { page: credits.paymentStatus }),
  member("/deactivated", "Your account is deactivated", {
    name: "deactivated",
    layout: "auth",
    page: auth.deactivated,
  }),

  // The operator console, /operator and /operator/{conversation uuid}: its own chunk, loaded only by staff.
  member("/operator/:conversation?", "Operator console", {
    layout: "bare",
    middleware: ["auth", "staff"],
    page: operatorConsole,
    chunkAfterGuards: true,
  }),
  // The admin console, /admin and its sections (features/admin/sections.ts): its own chunks, admins only.
  member("/admin/*", "Admin console", {
    layout: "bare",
    middleware: ["auth", "admin"],
    page: adminConsole,
    chunkAfterGuards: true,
  }),

  open("/prices", "Prices", { page: credits.prices }),
  open("/how-to-pay", "How to pay", { page: credits.howToPay }),
  open("/vip", "Become VIP", { name: "vip", layout: "landing", page: credits.vip }),
  open("/faq", "Frequently asked questions", { page: () => import("../features/content/ContentPage") }),
  open("/contact", "Contact", { page: () => import("../features/support/SupportRequestPage") }),
  open("/contact-us", "Contact us", { page: () => import("../features/support/SupportRequestPage") }),
  open("/submit-request", "Submit a request", { page: () => import("../features/support/SupportRequestPage") }),
  open("/helpdesk", "Helpdesk", { page: () => import("../features/support/SupportRequestPage") }),
  open("/report-abuse", "Report abuse", { page: () => import("../features/support/ReportAbusePage") }),
  open("/terms-of-use", "Terms of use", { page: () => import("../features/content/ContentPage") }),
  open("/privacy", "Privacy policy", { page: () => import("../features/content/ContentPage") }),
  open("/2257-notice", "18 U.S.C. 2257 record-keeping statement", {
    page: () => import("../features/content/ContentPage"),
  }),
  open("/affiliates", "Affiliates", { page: () => import("../features/content/ContentPage") }),
  open("/no-affiliate", "Welcome", {
    layout: "guest-no-affiliate",
    page: () => import("../features/content/ContentPage"),
  }),
  open("/maintenance", "Sorry! We Are Under Maintenance!", { layout: "error-maintenance", page: maintenance }),

  open("/milf", "Mature dating", { name: "milf", layout: "landing", footer: "reduced", page: marketing.milf }),
  open("/instagram-for-sex", "Instagram for sex", { layout: "landing", page: marketing.instagramForSex }),
  open("/tinderforsex", "Tinder for sex", { layout: "landing", page: marketing.tinderForSex }),
  open("/landers/casual-dating", "Casual dating", { layout: "landing", page: landers.casualDating }),
  open("/lander7", "Casual dating", { layout: "landing", page: landers.casualDating }),
  open("/landers/lander8", "Meet someone tonight", { layout: "landing", page: landers.tonight }),
  open("/lander8", "Meet someone tonight", { layout: "landing", page: landers.tonight }),
  open("/lander32", "Your fantasy match", { name: "lander32", layout: "landing", page: landers.fantasyMatch }),
];

/** An address that only forwards to another route; the forward replaces it in history. */
export interface RedirectRoute {
  path: string;
  to: (params: Readonly<Record<string, string | undefined>>) => string;
}

export const redirectRoutes: RedirectRoute[] = [
  // Links in push notifications use the singular form (spec §2).
  {
    path: "/message/:conversationUuid",
    to: ({ conversationUuid }) => `/messages/${encodeURIComponent(conversationUuid ?? "")}`,
  },
];
