import { describe, expect, it } from "vitest";
import {
  badgeCount,
  badgeLabel,
  badgeWords,
  closesFoldout,
  foldoutStats,
  memberLinks,
  memberPhotoUrl,
  showsAccountHeader,
  showsMemberMenu,
  staffLinks,
} from "./member-menu";

const member = {
  deactivated: false,
  unread_messages_count: 3,
  new_visitors_count: 120,
  new_likes_count: 2,
  new_winks_count: 1,
  visits_count: 42,
  received_messages_count: 17,
  received_wink_interactions_count: 5,
};

describe("the member menu", () => {
  it("lists the spec's entries and Likes you in order, with badges for unread messages, new visitors and new likes", () => {
    expect(memberLinks.map((link) => [link.label, link.to])).toEqual([
      ["Search", "/dashboard"],
      ["Messages", "/messages"],
      ["My profile", "/my-profile"],
      ["My visitors", "/my-visitors"],
      ["Likes you", "/my-likes"],
      ["My favorites", "/my-favorites"],
      ["Buy credits", "/credits/buy"],
    ]);
    // Likes you counts new likes and new winks together.
    expect(memberLinks.map((link) => badgeCount(member, link))).toEqual([0, 3, 0, 120, 3, 0, 0]);
    expect(memberLinks.map((link) => badgeWords(link, badgeCount(member, link)))).toEqual([
      "",
      " (3 unread)",
      "",
      " (120 new)",
      " (3 new)",
      "",
      "",
    ]);
    expect(badgeLabel(120)).toBe("99+");
    expect(badgeLabel(7)).toBe("7");
  });

  it("is hidden for a deactivated account and for nobody", () => {
    expect(showsMemberMenu(member)).toBe(true);
    expect(showsMemberMenu({ ...member, deactivated: true })).toBe(false);
    expect(showsMemberMenu(null)).toBe(false);
  });
});

describe("the staff links", () => {
  it("offer the operator console to operators, and the admin console too to admins, nothing to members", () => {
    expect(staffLinks({ scope: ["member"] })).toEqual([]);
    expect(staffLinks({ scope: ["operator"] }).map((link) => link.to)).toEqual(["/operator"]);
    expect(staffLinks({ scope: ["admin"] }).map((link) => [link.label, link.to])).toEqual([
      ["Operator", "/operator"],
      ["Admin", "/admin"],
    ]);
  });
});

describe("the foldout", () => {
  it("shows visits, messages and winks, the first two leading to their pages", () => {
    expect(foldoutStats(member)).toEqual([
      { key: "visits", label: "Visits", value: 42, to: "/my-visitors" },
      { key: "messages", label: "Messages", value: 17, to: "/messages" },
      { key: "winks", label: "Winks", value: 5, to: null },
    ]);
  });

  it("closes after every navigation click except the winks figure", () => {
    const [visits, messages, winks] = foldoutStats(member);
    expect(closesFoldout(visits ?? { to: null })).toBe(true);
    expect(closesFoldout(messages ?? { to: null })).toBe(true);
    expect(closesFoldout(winks ?? { to: "/" })).toBe(false);
    for (const link of memberLinks) expect(closesFoldout(link)).toBe(true);
  });
});

describe("the account header strip", () => {
  it("shows in the member layout for an active member, but not on the conversation page", () => {
    const everywhere = { memberLayout: true, user: member, routeNames: [undefined, "dashboard"] };
    expect(showsAccountHeader(everywhere)).toBe(true);
    expect(showsAccountHeader({ ...everywhere, routeNames: [undefined, "messages-id"] })).toBe(false);
    expect(showsAccountHeader({ ...everywhere, memberLayout: false })).toBe(false);
    expect(showsAccountHeader({ ...everywhere, user: { ...member, deactivated: true } })).toBe(false);
    expect(showsAccountHeader({ ...everywhere, user: null })).toBe(false);
  });
});

describe("the member's avatar", () => {
  it("is the primary photo, or the default one for the member's gender", () => {
    expect(memberPhotoUrl({ primary_photo: { url: "/media/p/1-thumb.webp" }, gender: "female" })).toBe(
      "/media/p/1-thumb.webp",
    );
    expect(memberPhotoUrl({ primary_photo: null, gender: "male" })).toBe("/avatars/default-male.svg");
    expect(memberPhotoUrl({ primary_photo: null, gender: "female" })).toBe("/avatars/default-female.svg");
  });
});
