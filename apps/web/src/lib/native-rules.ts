import { type NativeAttributes, rulesFromNativeAttributes } from "@velvet/shared/validation/native-rules";
import type { RuleObject } from "@velvet/shared/validation/parse-rules";
import { type ValidateOptions, type ValidationResult, validate } from "@velvet/shared/validation/validate";

/** The parts of an <input> that constraint validation reads; a real HTMLInputElement fits. */
export type NativeInput = Required<NativeAttributes> & {
  name: string;
  value: string;
  checked: boolean;
  files: FileList | null;
};

/** An input's native attributes as shared rules (spec §5: they become rules automatically). */
export function nativeRulesOf(input: NativeInput): RuleObject {
  return rulesFromNativeAttributes({
    required: input.required,
    type: input.type,
    multiple: input.multiple,
    pattern: input.pattern,
    minLength: input.minLength,
    maxLength: input.maxLength,
    min: input.min,
    max: input.max,
  });
}

/** What the rules look at: a box's tick, a file input's files, otherwise the text. */
function inputValue(input: NativeInput): unknown {
  if (input.type === "checkbox" || input.type === "radio") return input.checked;
  if (input.type === "file") return input.files ?? [];
  return input.value;
}

/**
 * An input against its own attributes and any extra rules, worded in English
 * like the rest of the site rather than in the browser's language.
 */
export function validateNativeInput(
  input: NativeInput,
  extra: RuleObject = {},
  options: Omit<ValidateOptions, "field"> = {},
): ValidationResult {
  return validate(inputValue(input), { ...nativeRulesOf(input), ...extra }, { ...options, field: input.name });
}
