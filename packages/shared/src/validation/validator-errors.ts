import { fillMessage, validationMessages } from "./messages";

/**
 * The validator failures of spec §8. Both are a programmer's mistake, not a
 * member's, so they throw instead of failing a field.
 */

/** A rule name nobody registered: 'No such validator exists'. */
export class UnknownRuleError extends Error {
  readonly rule: string;
  constructor(rule: string) {
    super(validationMessages.no_such_validator);
    this.name = "UnknownRuleError";
    this.rule = rule;
  }
}

/** Validating a field the form does not have, directly or through a rule that compares fields. */
export class MissingFieldError extends Error {
  readonly field: string;
  constructor(field: string) {
    super(fillMessage(validationMessages.no_such_field, { field }));
    this.name = "MissingFieldError";
    this.field = field;
  }
}
