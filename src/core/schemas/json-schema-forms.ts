/**
 * JSON Schema forms of `v.check` actions, for the schema generator (`convert-schema.ts`). A check has no
 * JSON Schema form of its own (it is a function); a format's schema module records one here for each check
 * that has an exact equivalent. A check without one is left out of the JSON Schema, and only the checker
 * enforces it. Kept apart from the converter so the checker's schemas do not pull the converter in.
 */
const FORMS = new WeakMap<object, Record<string, unknown>>();

/** Records `json` as the exact JSON Schema form of the check `action`, and returns the action. */
export function expressedAs<T extends object>(action: T, json: Record<string, unknown>): T {
  FORMS.set(action, json);
  return action;
}

/** The JSON Schema form recorded for `action`, or undefined. */
export function jsonSchemaFormOf(action: object): Record<string, unknown> | undefined {
  return FORMS.get(action);
}
