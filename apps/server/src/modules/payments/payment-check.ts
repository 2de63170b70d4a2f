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
  /** What is wrong, in words, e.g. "2 reversal rows (1 expected)". */
  problems: string[];
}

type CheckedRow = {
  payment_id: string;
  user_id: string;
  status: string;
  owed: string;
  credited: string;
  taken_back: string;
  short: string;
  same_user: boolean;
  credit_rows: string;
  credit_rows_expected: string;
  credited_expected: string;
  reversal_rows: string;
  reversal_rows_expected: string;
  reversed_expected: string;
  chargeback_flagged: boolean;
};

/**
 * Payments whose ledger does not tell their story (there should be none):
 * - pending and failed payments credited nothing and took nothing back;
 * - a settled one (paid, refunded, charged back) credited exactly its package, promotion and VIP amounts, one
 *   row each (none for a zero part), all to its buyer;
 * - a refunded or charged-back one then took it all back in exactly one `payment_reversal` row, the rest being
 *   the shortfall recorded on its `refund_shortfall` flag (no row when the balance held nothing); a paid one
 *   took nothing back;
 * - a charged-back one has its `chargeback` flag (cleared or not).
 */
export async function findPaymentMismatches(db: Db): Promise<PaymentMismatch[]> {
  const rows = await queryRows<CheckedRow>(
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
          count(*) filter (where reason <> 'payment_reversal') as credit_rows,
          count(*) filter (where reason = 'payment_reversal') as reversal_rows,
          coalesce(-sum(amount) filter (where reason = 'payment_reversal'), 0) as taken_back,
          bool_and(same_user) as same_user
        from entries
        group by payment_id
      ), facts as (
        select
          p.id as payment_id,
          p.user_id,
          p.status,
          p.credits + p.promo_bonus_credits + p.vip_bonus_credits as owed,
          p.status in ('paid', 'refunded', 'charged_back') as settled,
          p.status in ('refunded', 'charged_back') as reversed,
          p.credits, p.promo_bonus_credits, p.vip_bonus_credits,
          coalesce(t.purchase, 0) as purchase,
          coalesce(t.promotion, 0) as promotion,
          coalesce(t.vip_bonus, 0) as vip_bonus,
          coalesce(t.credit_rows, 0) as credit_rows,
          coalesce(t.reversal_rows, 0) as reversal_rows,
          coalesce(t.taken_back, 0) as taken_back,
          coalesce(t.same_user, true) as same_user,
          coalesce(f.credits_short, 0) as short,
          exists (
            select 1 from account_flags c where c.payment_id = p.id and c.reason = 'chargeback'
          ) as chargeback_flagged
        from payments p
        left join totals t on t.payment_id = p.id
        left join account_flags f on f.payment_id = p.id and f.reason = 'refund_shortfall'
      ), checked as (
        select
          *,
          purchase + promotion + vip_bonus as credited,
          case when settled then credits + promo_bonus_credits + vip_bonus_credits else 0 end as credited_expected,
          case when settled then (credits > 0)::int + (promo_bonus_credits > 0)::int + (vip_bonus_credits > 0)::int
            else 0 end as credit_rows_expected,
          case when reversed then owed else 0 end as reversed_expected,
          case when reversed and owed - short > 0 then 1 else 0 end as reversal_rows_expected
        from facts
      )
      select * from checked
      where not (
        same_user
        and purchase = case when settled then credits else 0 end
        and promotion = case when settled then promo_bonus_credits else 0 end
        and vip_bonus = case when settled then vip_bonus_credits else 0 end
        and credit_rows = credit_rows_expected
        and taken_back + short = reversed_expected
        and reversal_rows = reversal_rows_expected
        and (status <> 'charged_back' or chargeback_flagged)
      )
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
    problems: describe(row),
  }));
}

function describe(row: CheckedRow): string[] {
  const problems: string[] = [];
  if (!row.same_user) problems.push("a row credits or debits another member");
  if (Number(row.credited) !== Number(row.credited_expected)) {
    problems.push(`credited ${row.credited} (${row.credited_expected} expected)`);
  }
  if (Number(row.credit_rows) !== Number(row.credit_rows_expected)) {
    problems.push(`${row.credit_rows} credit rows (${row.credit_rows_expected} expected)`);
  }
  if (Number(row.taken_back) + Number(row.short) !== Number(row.reversed_expected)) {
    problems.push(`taken back ${row.taken_back} + short ${row.short} (${row.reversed_expected} expected)`);
  }
  if (Number(row.reversal_rows) !== Number(row.reversal_rows_expected)) {
    problems.push(`${row.reversal_rows} reversal rows (${row.reversal_rows_expected} expected)`);
  }
  if (row.status === "charged_back" && !row.chargeback_flagged) problems.push("charged back without its flag");
  // Parts that cancel out (one too many here, one too few there) still differ part by part.
  return problems.length > 0 ? problems : ["its package, promotion and VIP rows do not match the payment"];
}

export interface StrayPaymentRow {
  ledgerId: number;
  userId: number;
  reason: string;
  reference: string;
}

/** Ledger rows that name a payment (`payment:{id}`) that does not exist, or with a reason no payment writes. */
export async function findStrayPaymentRows(db: Db): Promise<StrayPaymentRow[]> {
  const rows = await queryRows<{ id: string; user_id: string; reason: string; reference: string }>(
    db,
    sql`
      select l.id, l.user_id, l.reason, l.reference
      from credit_ledger l
      left join payments p on 'payment:' || p.id::text = l.reference
      where l.reference like 'payment:%'
        and (p.id is null or l.reason not in ('purchase', 'promotion', 'vip_bonus', 'payment_reversal'))
      order by l.id
    `,
  );
  return rows.map((row) => ({
    ledgerId: Number(row.id),
    userId: Number(row.user_id),
    reason: row.reason,
    reference: row.reference,
  }));
}
