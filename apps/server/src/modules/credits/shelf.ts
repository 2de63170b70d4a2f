import type { TCreditPackagesResponse } from "@velvet/shared/api/credits";
import type { AppContext } from "../../platform/app-context";
import type { SessionUser } from "../../platform/members/types";
import { currentPromotion, presentPromotion, promotionFor } from "../promotions";
import { listActivePackages } from "./packages";
import { presentCreditPackage } from "./presenter";
import { isVip, quotePackage } from "./pricing";

/** The store as the caller would buy now: guests see the public prices and the running promotion. */
export async function creditShelf(
  context: AppContext,
  user: SessionUser | undefined,
): Promise<TCreditPackagesResponse> {
  const { db } = context.database;
  const [items, running] = await Promise.all([listActivePackages(db), currentPromotion(context)]);
  const promotion = user ? promotionFor(user, running) : running;
  const vip = user ? isVip(user) : false;
  return {
    data: items.map((item) => presentCreditPackage(item, quotePackage(item, { promotion, vip }))),
    meta: {
      promotion: promotion ? presentPromotion(promotion) : null,
      vip: user ? { active: vip, expires_at: vip && user.vipUntil ? user.vipUntil.toISOString() : null } : null,
    },
  };
}
