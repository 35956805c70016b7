/**
 * The AgentCard core: pure TypeScript (no DOM, no Node APIs, no storage). Give it a load-set (file path →
 * text), get back plain data: the card split, compiled agents and positioned diagnostics.
 */
export {
  Checker,
  checkLoadSet,
  MAX_FILE_CHARS,
  CONFIG_FILE_NAMES,
} from './load-set/check-load-set.ts';
export type {
  CheckOptions,
  CheckResult,
  CardInfo,
  CompiledAgent,
} from './load-set/check-load-set.ts';
export { DIAGNOSTIC_CODES, compareDiagnostics } from './diagnostics.ts';
export type { Diagnostic, DiagnosticCode, Severity, CodeInfo } from './diagnostics.ts';
export { CARD_TYPES, PROFILES, FAST_AGENT_TYPE_NAMES, readType } from './agentcard/card-types.ts';
export type { TypeReading } from './agentcard/card-types.ts';
export type { CardType, Profile } from './agentcard/card-types.ts';
export {
  allowedFields,
  requiredFields,
  fieldDescription,
  FIELD_DOCS,
  ALL_FIELDS,
  TOOL_HOOK_POINTS,
  LIFECYCLE_HOOK_POINTS,
} from './agentcard/card-fields.ts';
export { fieldSpec } from './agentcard/field-specs.ts';
export { isCardPath, CARD_EXTENSIONS } from './agentcard/analyze-card-file.ts';
export type { AgentData, Json } from './agentcard/compile-card.ts';
export type { PythonRef, PythonRefKind } from './agentcard/python-refs.ts';
export { parseHistory } from './history/parse-history.ts';
export type { HistoryMessage, HistoryPart } from './history/history-message.ts';
export { LineIndex } from './line-index.ts';
export { normalizePath } from './load-set/paths.ts';
export { FORMAT_IDS } from './formats/format-module.ts';
export type {
  FormatId,
  FormatModule,
  FormatAnalysis,
  FormatAgent,
  Conversion,
  EmitOptions,
} from './formats/format-module.ts';
export { FORMATS, detectFormat, formatModule } from './formats/registry.ts';
export { convertAgent, conversionTargets } from './formats/convert.ts';
export { generateSchemas, SCHEMA_SETS } from './schemas/generate-schemas.ts';
export { SCHEMA_VERSION } from './schemas/schema-set.ts';
export type { SchemaFile, SchemaSet } from './schemas/schema-set.ts';
export type { JsonSchemaObject } from './schemas/convert-schema.ts';
