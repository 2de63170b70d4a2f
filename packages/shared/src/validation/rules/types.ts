/** A rule's parameter: from a rule string always a string; from the object form whatever was written. */
export type RuleParam = string | number | boolean | RegExp | Date;

/** A rule string's name and parameters after parsing ("between:1,10" -> between, ["1", "10"]). */
export interface ParsedRule {
  name: string;
  params: readonly RuleParam[];
}

export interface RuleContext {
  /** The field's key in the form ("password_confirmation"). */
  field: string;
  /** The value under validation (messages word a list differently from text). */
  value: unknown;
  /** Every value of the form, for rules that look at another field (confirmed, required_if, after). */
  form: Readonly<Record<string, unknown>>;
  /** All the rules of this field, so date rules can read the field's own date_format. */
  rules: readonly ParsedRule[];
}

/** A failure's message: a catalogue template and the values that fill it besides {field}. */
export interface RuleMessage {
  template: string;
  values?: Record<string, string | number>;
}

export interface RuleDefinition {
  /**
   * Runs on an empty value too. Every other rule passes an empty value, so an
   * optional field is only checked once something is typed in it.
   */
  computesRequired?: boolean;
  validate(value: unknown, params: readonly RuleParam[], context: RuleContext): boolean;
  message(params: readonly RuleParam[], context: RuleContext): RuleMessage;
}

/** An uploaded file as both sides see it: a browser File, or the server's multipart part. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

/** A file whose pixel size is known (the web reads it with createImageBitmap; the server from the image header). */
export interface ImageLike extends FileLike {
  width: number;
  height: number;
}
