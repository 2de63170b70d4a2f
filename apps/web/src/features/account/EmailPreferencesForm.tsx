import type { TPreferences } from "@velvet/shared/api/auth";
import { accountEndpoints } from "@velvet/shared/contract/accounts";
import { useState } from "react";
import { ApiError, callEndpoint } from "../../lib/api-client";
import { FormAlert } from "../../ui/forms/fields";
import { useAuthStore } from "../auth";

// Notification emails are chosen per kind in the notifications table (push feature); this is the newsletter.
const toggles: Array<{ key: keyof TPreferences["email"]; label: string; description: string }> = [
  { key: "newsletter", label: "Offers and news", description: "Occasional promotions and bonus-credit offers." },
];

export function EmailPreferencesForm() {
  const user = useAuthStore((state) => state.user);
  const [problem, setProblem] = useState<string | null>(null);
  const current = user?.preferences.email ?? { notifications: true, newsletter: false };

  const toggle = async (key: keyof TPreferences["email"]) => {
    setProblem(null);
    const next = { ...current, [key]: !current[key] };
    try {
      const { data } = await callEndpoint(accountEndpoints.updatePreferences, { body: { email: next } });
      if (user) useAuthStore.getState().setUser({ ...user, preferences: data });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "Please try again.");
    }
  };

  return (
    <div className="space-y-4">
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      {toggles.map((item) => (
        <label
          key={item.key}
          className="flex cursor-pointer items-start justify-between gap-4 rounded-xl border border-velvet-100 p-4"
        >
          <span>
            <span className="block font-semibold text-velvet-900">{item.label}</span>
            <span className="block text-sm text-muted">{item.description}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-checked={current[item.key]}
            className="mt-1 size-5 accent-rose-500"
            checked={current[item.key]}
            onChange={() => void toggle(item.key)}
          />
        </label>
      ))}
    </div>
  );
}
