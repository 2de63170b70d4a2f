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
}

const comingSoon = () => import("../features/placeholder/ComingSoonPage");
const auth = {
  login: () => import("../features/auth/LoginPage"),
  register: () => import("../features/auth/RegisterPage"),
  forgotPassword: () => import("../features/auth/ForgotPasswordPage"),
  resetPassword: () => import("../features/auth/ResetPasswordPage"),
  confirmEmail: () => import("../features/auth/ConfirmEmailPage"),
  unsubscribe: () => import("../features/auth/UnsubscribePage"),
  account: () => import("../features/account/AccountPage"),
  deactivated: () => import("../features/account/DeactivatedPage"),
};
const profiles = {
  dashboard: () => import("../features/profiles/DashboardPage"),
  profile: () => import("../features/profiles/ProfilePage"),
  favorites: () => import("../features/profiles/MyFavoritesPage"),
  visitors: () => import("../features/profiles/MyVisitorsPage"),
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
  prices: () => import("../features/credits/PricesPage"),
  howToPay: () => import("../features/credits/HowToPayPage"),
  vip: () => import("../features/credits/VipPage"),
};
const home = () => import("../features/home/HomePage");
const operatorConsole = () => import("../features/operator/OperatorPage");
const maintenance = () => import("../features/system/MaintenancePage");

const member = (path: string, title: string, extra: Partial<PageRoute> = {}): PageRoute => ({
  path,
  title,
  layout: "default",
  middleware: ["auth", "deactivated"],
  page: comingSoon,
  ...extra,
});
const guestOnly = (path: string, title: string, page: PageRoute["page"]): PageRoute => ({
  path,
  title,
  layout: "auth",
  middleware: ["guest"],
  page,
});
const open = (path: string, title: string, extra: Partial<PageRoute> = {}): PageRoute => ({
  path,
  title,
  layout: "guest",
  middleware: [],
  page: comingSoon,
  ...extra,
});

/** Every route of spec §2. Features replace `comingSoon` with their page as they land. */
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
  member("/credits/buy", "Buy credits", {
    layout: "package",
    middleware: ["auth", "deactivated", "creditPayment"],
    page: credits.buy,
  }),
  member("/credits/package", "Choose a credit package", { layout: "package", page: credits.choosePackage }),
  member("/account", "Account settings", { page: auth.account }),
  member("/payment-status", "Payment status", { page: credits.paymentStatus }),
  member("/trustpay-status", "Payment status", { page: credits.paymentStatus }),
  member("/deactivated", "Your account is deactivated", {
    name: "deactivated",
    layout: "auth",
    page: auth.deactivated,
  }),

  // The operator console (issue 10), /operator and /operator/{conversation uuid}: its own chunk, loaded only by staff.
  member("/operator/:conversation?", "Operator console", {
    layout: "bare",
    middleware: ["auth", "staff"],
    page: operatorConsole,
  }),

  open("/prices", "Prices", { page: credits.prices }),
  open("/how-to-pay", "How to pay", { page: credits.howToPay }),
  open("/vip", "Become VIP", { name: "vip", layout: "landing", page: credits.vip }),
  open("/faq", "Frequently asked questions"),
  open("/contact", "Contact"),
  open("/contact-us", "Contact us"),
  open("/submit-request", "Submit a request"),
  open("/helpdesk", "Helpdesk"),
  open("/report-abuse", "Report abuse", { page: () => import("../features/support/ReportAbusePage") }),
  open("/terms-of-use", "Terms of use"),
  open("/privacy", "Privacy policy"),
  open("/2257-notice", "18 U.S.C. 2257 record-keeping statement"),
  open("/affiliates", "Affiliates"),
  open("/no-affiliate", "Welcome", { layout: "guest-no-affiliate" }),
  open("/maintenance", "Sorry! We Are Under Maintenance!", { layout: "error-maintenance", page: maintenance }),

  open("/milf", "Mature dating", { name: "milf", layout: "landing", footer: "reduced" }),
  open("/instagram-for-sex", "Instagram for sex", { layout: "landing" }),
  open("/tinderforsex", "Tinder for sex", { layout: "landing" }),
  open("/landers/casual-dating", "Casual dating", { layout: "landing" }),
  open("/lander7", "Casual dating", { layout: "landing" }),
  open("/landers/lander8", "Meet someone tonight", { layout: "landing" }),
  open("/lander8", "Meet someone tonight", { layout: "landing" }),
];
