import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { queryRows } from "../../platform/db/client";

export interface PaymentMismatch {
  paymentId: string;
  userId: number;
  status: string;
  owed: number;
  credited: number;
  takenBack: number;
  short: number;
}

/**
 * Payments whose ledger does not tell their story (there should be none):
 * pending and failed payments credited nothing; a paid one credited exactly
 * its package, promotion and VIP rows, to its buyer, and took nothing back; a
 * refunded one did that and then took all of it back once (what the balance
 * could not cover is recorded as a shortfall on the account's flag).
 */
export async function findPaymentMismatches(db: Db): Promise<PaymentMismatch[]> {
  const rows = await queryRows<{
    payment_id: string;
    user_id: string;
    status: string;
    owed: string;
    credited: string;
    taken_back: string;
    short: string;
  }>(
    db,
    sql`
      with entries as (
        select p.id as payment_id, l.reason, l.amount, l.user_id = p.user_id as same_user
        from payments p
        join credit_ledger l
          on l.reference = 'payment:' || p.id::text
         and l.reason in ('purchase', 'promotion', 'vip_bonus', 'payment_reversal')
      ), totals as (
        select
          payment_id,
          coalesce(sum(amount) filter (where reason = 'purchase'), 0) as purchase,
          coalesce(sum(amount) filter (where reason = 'promotion'), 0) as promotion,
          coalesce(sum(amount) filter (where reason = 'vip_bonus'), 0) as vip_bonus,
          coalesce(-sum(amount) filter (where reason = 'payment_reversal'), 0) as taken_back,
          bool_and(same_user) as same_user
        from entries
        group by payment_id
      ), checked as (
      select
        p.id as payment_id,
        p.user_id,
        p.status,
        p.credits + p.promo_bonus_credits + p.vip_bonus_credits as owed,
        coalesce(t.purchase + t.promotion + t.vip_bonus, 0) as credited,
        coalesce(t.taken_back, 0) as taken_back,
        coalesce(f.credits_short, 0) as short,
        coalesce(t.same_user, true)
          and coalesce(t.purchase, 0) = case when p.status in ('paid', 'refunded') then p.credits else 0 end
          and coalesce(t.promotion, 0) = case when p.status in ('paid', 'refunded') then p.promo_bonus_credits else 0 end
          and coalesce(t.vip_bonus, 0) = case when p.status in ('paid', 'refunded') then p.vip_bonus_credits else 0 end
          and coalesce(t.taken_back, 0) + coalesce(f.credits_short, 0) = case
            when p.status = 'refunded' then p.credits + p.promo_bonus_credits + p.vip_bonus_credits
            else 0 end
          as rows_ok
      from payments p
      left join totals t on t.payment_id = p.id
      left join account_flags f on f.payment_id = p.id and f.reason = 'refund_shortfall'
      )
      select * from checked where not rows_ok
    `,
  );
  return rows.map((row) => ({
    paymentId: row.payment_id,
    userId: Number(row.user_id),
    status: row.status,
    owed: Number(row.owed),
    credited: Number(row.credited),
    takenBack: Number(row.taken_back),
    short: Number(row.short),
  }));
}
