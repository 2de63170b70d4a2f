import type { TAdminTrigger, TAdminTriggerRequest } from "@velvet/shared/api/admin-triggers";

/** The units the form offers for a delay, in minutes. */
export const delayUnits = [
  { value: 1, label: "minutes", one: "minute" },
  { value: 60, label: "hours", one: "hour" },
  { value: 1440, label: "days", one: "day" },
] as const;

/** A delay in the largest unit that divides it exactly: 4320 minutes are 3 days, 90 stay 90 minutes. */
export function splitDelay(minutes: number): { amount: number; unit: number } {
  for (const unit of [...delayUnits].reverse()) {
    if (minutes >= unit.value && minutes % unit.value === 0) return { amount: minutes / unit.value, unit: unit.value };
  }
  return { amount: minutes, unit: 1 };
}

export function formatDelay(minutes: number): string {
  const { amount, unit } = splitDelay(minutes);
  const names = delayUnits.find((candidate) => candidate.value === unit) ?? delayUnits[0];
  return `${amount} ${amount === 1 ? names.one : names.label}`;
}

/** What the list says a trigger does: "5 minutes after registration", "after 3 days inactive". */
export function describeTrigger(trigger: Pick<TAdminTrigger, "event" | "delay_minutes">): string {
  const delay = formatDelay(trigger.delay_minutes);
  return trigger.event === "registered" ? `${delay} after registration` : `after ${delay} inactive`;
}

/** A saved trigger as the request that would save it again (to edit it, or switch it on or off). */
export function requestFrom(trigger: TAdminTrigger): TAdminTriggerRequest {
  return {
    name: trigger.name,
    event: trigger.event,
    delay_minutes: trigger.delay_minutes,
    text: trigger.text,
    profile_uuid: trigger.profile?.uuid ?? null,
    max_per_member: trigger.max_per_member,
    active: trigger.active,
  };
}
