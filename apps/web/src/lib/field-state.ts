/** The field states of spec §4, each a yes or no. */
export interface FieldStates {
  /** Not edited yet. */
  pristine: boolean;
  /** Edited at least once, even if since put back. */
  dirty: boolean;
  /** Left (blurred) at least once. */
  touched: boolean;
  untouched: boolean;
  /** Validated and passing. */
  valid: boolean;
  /** Failing: a rule or the server's answer. */
  invalid: boolean;
  /** A validation is running. */
  pending: boolean;
  /** Validated at least once. */
  validated: boolean;
  /** Its value differs from the one the form started with. */
  changed: boolean;
}

/** What react-hook-form's getFieldState(name) returns. */
export interface HookFormFieldState {
  invalid: boolean;
  isDirty: boolean;
  isTouched: boolean;
  isValidating: boolean;
  error?: unknown;
}

export interface FieldStateContext {
  /** The form was submitted, which validates every field. */
  isSubmitted?: boolean;
  /**
   * The field was edited at some point. react-hook-form's isDirty only says
   * the value differs from the default now; a caller that tracks edits passes
   * this so a value typed and then removed still counts as dirty.
   */
  edited?: boolean;
}

/**
 * Spec §4's field states from react-hook-form's field state. Our forms
 * validate on every input (mode onChange), so an edited field has been
 * validated; an untouched one only once the form is submitted.
 */
export function fieldStates(field: HookFormFieldState, context: FieldStateContext = {}): FieldStates {
  const changed = field.isDirty;
  const dirty = changed || context.edited === true;
  const invalid = field.invalid || field.error !== undefined;
  const pending = field.isValidating;
  const validated = dirty || invalid || context.isSubmitted === true;
  return {
    pristine: !dirty,
    dirty,
    touched: field.isTouched,
    untouched: !field.isTouched,
    valid: validated && !invalid && !pending,
    invalid,
    pending,
    validated,
    changed,
  };
}
