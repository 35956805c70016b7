/**
 * File names that a plain object inherits as members (or, `__proto__`, treats specially): the names
 * issue 11 found stopping all analysis when looked up on plain objects. Tests of every layer that keys
 * records by path (core, permalink envelope, app state, embed protocol, fuzzer) use this one list.
 */
export const PROTOTYPE_NAMES: readonly string[] = [
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__proto__',
  'isPrototypeOf',
  '__defineGetter__',
];
