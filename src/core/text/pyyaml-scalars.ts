import type { ScalarTag, Tags } from 'yaml';

/**
 * PyYAML's `SafeLoader` reading of plain scalars, for the `yaml` library's YAML 1.1 schema. fast-agent
 * reads cards and `fastagent.config.yaml` with `yaml.safe_load`, whose implicit types are narrower than
 * the YAML 1.1 type repository the library follows: `y`/`n` stay strings (only yes/no/true/false/on/off
 * in their three case forms are booleans), `09` and `1e3` stay strings (an int has no leading zero but
 * octal's, a float has a dot and a signed exponent), `0:30` stays a string (a base-60 int starts with 1–9),
 * `2025-7-4` stays a string (a date-only timestamp has two-digit month and day), and a plain `=` is
 * PyYAML's `value` tag, which the safe loader cannot construct (a load error). The regular expressions
 * are PyYAML 6's `resolver.py`, alternative for alternative.
 */
const PY_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const PY_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/;
const PY_INT_DECIMAL = /^[-+]?(?:0|[1-9][0-9_]*)$/;
const PY_INT_BASE60 = /^[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+$/;
const PY_FLOAT =
  /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?)$/;
// The library's own timestamp pattern must match too: its resolver reads the parts with it.
const PY_TIMESTAMP =
  /^(?=[0-9]{4}-[0-9]{2}-[0-9]{2}$|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?$)/;

const BOOL = 'tag:yaml.org,2002:bool';
const INT = 'tag:yaml.org,2002:int';
const FLOAT = 'tag:yaml.org,2002:float';
const TIMESTAMP = 'tag:yaml.org,2002:timestamp';

/** PyYAML's implicit `value` tag (a plain `=`), which `safe_load` refuses. */
const valueTag: ScalarTag = {
  identify: () => false,
  default: true,
  tag: 'tag:yaml.org,2002:value',
  test: /^=$/,
  resolve: (str, onError) => {
    onError("could not determine a constructor for the tag 'tag:yaml.org,2002:value'");
    return str;
  },
};

/**
 * The tags of the library's `yaml-1.1` schema (`tags`, as `customTags` receives them) narrowed to what
 * PyYAML's safe loader resolves: pass as `customTags` with `version: '1.1'`. Stringifying keeps the
 * library's forms. Pure; the tags it does not know are kept as they are.
 */
export function pyyamlTags(tags: Tags): Tags {
  const out: Tags = [];
  for (const tag of tags) {
    if (typeof tag === 'string' || !('test' in tag) || !tag.test) {
      out.push(tag);
      continue;
    }
    const narrowed = narrow(tag);
    if (narrowed) out.push(narrowed);
  }
  out.push(valueTag);
  return out;
}

function narrow(tag: ScalarTag): ScalarTag | undefined {
  const test = tag.test!;
  switch (tag.tag) {
    case BOOL:
      return { ...tag, test: test.test('true') ? PY_TRUE : PY_FALSE };
    case INT:
      if (tag.format === 'TIME') return { ...tag, test: PY_INT_BASE60 };
      if (tag.format === undefined) return { ...tag, test: PY_INT_DECIMAL };
      if (tag.format === 'OCT') return { ...tag, resolve: octal(tag) };
      return tag; // 0b… and 0x… read as in PyYAML
    case FLOAT:
      if (tag.format === 'EXP') return undefined; // an exponent needs a dot in PyYAML: PY_FLOAT has it
      if (tag.format === 'TIME' || test.test('.nan')) return tag; // base-60, .inf and .nan as in PyYAML
      return { ...tag, test: PY_FLOAT };
    case TIMESTAMP:
      return { ...tag, test: new RegExp(PY_TIMESTAMP.source + test.source.slice(1)) };
    default:
      return tag;
  }
}

/** PyYAML reads `0_` (octal digits all underscores) as 0; the library's resolver would give NaN. */
function octal(tag: ScalarTag): ScalarTag['resolve'] {
  return (str, onError, options) =>
    /^[-+]?0_+$/.test(str) ? 0 : tag.resolve(str, onError, options);
}
