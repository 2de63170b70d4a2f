import type { TAdminDashboard } from "@velvet/shared/api/admin-members";

type RevenueRow = TAdminDashboard["revenue"][number];

export interface DayRevenue {
  day: string;
  cents: number;
  payments: number;
}

export interface PackageRevenue {
  packageName: string;
  cents: number;
  payments: number;
}

/** Each day's total, oldest first; a day with no payment is not in the data and is not invented here. */
export function revenueByDay(rows: readonly RevenueRow[]): DayRevenue[] {
  const days = new Map<string, DayRevenue>();
  for (const row of rows) {
    const day = days.get(row.day) ?? { day: row.day, cents: 0, payments: 0 };
    day.cents += row.cents;
    day.payments += row.payments;
    days.set(row.day, day);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** Each package's total over the period, the best seller first. */
export function revenueByPackage(rows: readonly RevenueRow[]): PackageRevenue[] {
  const packages = new Map<string, PackageRevenue>();
  for (const row of rows) {
    const item = packages.get(row.package_name) ?? { packageName: row.package_name, cents: 0, payments: 0 };
    item.cents += row.cents;
    item.payments += row.payments;
    packages.set(row.package_name, item);
  }
  return [...packages.values()].sort((a, b) => b.cents - a.cents || a.packageName.localeCompare(b.packageName));
}
