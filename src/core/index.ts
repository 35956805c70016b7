/**
 * The AgentCard core: pure TypeScript (no DOM, no Node APIs, no storage). Give it a load-set (file path →
 * text), get back plain data: the card split, compiled agents and positioned diagnostics.
 *
 * Each export's contract (what it takes, returns and promises: purity, never throwing on input text) is
 * the doc comment at its declaration, or here beside the re-export; `index.test.ts` fails on an export
 * without one. Everything not exported here is internal.
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
export { compareDiagnostics } from './diagnostics.ts';
export { DIAGNOSTIC_CODES } from './diagnostic-codes.ts';
export type { Diagnostic, DiagnosticCode, Severity, CodeInfo } from './diagnostics.ts';
export { YAML_HINTS } from './text/yaml-hint-texts.ts';
/** Quick fixes: the edits a diagnostic proposes, and how to apply them to a set of files. */
export { applyFixes, applyEdits } from './fixes/fix.ts';
export type { Fix, FixEdit, AppliedFixes } from './fixes/fix.ts';
/** Check, apply the wanted fixes and check again until nothing more applies (`check --fix`). */
export { fixAll, wanted as isWantedFix } from './fixes/fix-all.ts';
export type { FixAllOptions, FixAllResult, RejectedFix } from './fixes/fix-all.ts';
/** Which paths a fix may create: valid file names on every system, below the root, no dot-folder. */
export { fileTargetProblem } from './fixes/file-targets.ts';
export { CARD_TYPES, PROFILES, FAST_AGENT_TYPE_NAMES, readType } from './model/agent-types.ts';
export type { TypeReading } from './model/agent-types.ts';
export type { CardType, Profile } from './model/agent-types.ts';
export {
  allowedFields,
  requiredFields,
  ALL_FIELDS,
  TOOL_HOOK_POINTS,
  LIFECYCLE_HOOK_POINTS,
} from './formats/agentcard/card-fields.ts';
export { fieldDescription, FIELD_DOCS } from './formats/agentcard/field-docs.ts';
export {
  FIELD_DEFAULTS,
  FIELD_EXAMPLES,
  TYPE_DOCS,
} from './formats/agentcard/card-field-reference.ts';
export { fieldSpec } from './formats/agentcard/field-specs.ts';
export { didYouMean } from './text/did-you-mean.ts';
export { isCardPath, CARD_EXTENSIONS } from './formats/agentcard/analyze-card-file.ts';
export type { AgentData, Json } from './model/agent-data.ts';
export { defaultAgentData, nonDefaultData } from './model/non-default.ts';
export {
  FAST_AGENT_DEFAULT_INSTRUCTION,
  applyLoadTemplates,
  fastAgentDate,
  localCalendarDate,
} from './formats/agentcard/load-instruction.ts';
export type { LoadedInstruction } from './formats/agentcard/load-instruction.ts';
export { instructionSegments } from './formats/agentcard/instruction-placeholders.ts';
export type {
  InstructionSegment,
  Placeholder,
} from './formats/agentcard/instruction-placeholders.ts';
export type { PythonRef, PythonRefKind } from './formats/agentcard/python-refs.ts';
export { parseHistory } from './history/parse-history.ts';
export type { HistoryMessage, HistoryPart } from './history/history-message.ts';
export { LineIndex } from './text/line-index.ts';
export { escapeControls, hasControls, pictureControls, pictureLabel } from './visible-controls.ts';
export { normalizePath } from './text/paths.ts';
export { OUTSIDE_ROOT, isRefusal } from './model/read-hook.ts';
export type { ReadFileHook, ReadRefusal } from './model/read-hook.ts';
export { FORMAT_IDS, FORMAT_LABELS, CONVERSION_TARGETS } from './formats/format-records.ts';
export type {
  FormatId,
  FormatDetector,
  FormatModule,
  FormatAnalysis,
  FormatAgent,
  Conversion,
  EmitOptions,
} from './formats/format-module.ts';
export { FORMATS, formatModule } from './formats/registry.ts';
export {
  FORMAT_DETECTORS,
  FORMAT_RECORDS,
  FORMAT_REGISTRY,
  detectFormat,
  detectionReach,
  formatDetector,
} from './formats/format-records.ts';
/** A format's registry record, and the lists derived from records. */
export { formatRecord, formatRegistry } from './formats/format-record.ts';
export type {
  FormatRecord,
  FormatRegistry,
  PasteRule,
  SourceLanguage,
} from './formats/format-record.ts';
/** Formats loaded on first use (the playground's worker): see `formats/lazy-formats.ts`. */
export { LazyFormats, FORMAT_LOADERS, NotLoadedYet } from './formats/lazy-formats.ts';
export type { FormatResolver, LazyPart } from './formats/lazy-formats.ts';
/** Reads history files: the core's `parseHistory` or a host's lazy stand-in. */
export type { HistoryParser } from './load-set/load-set-checker.ts';
export { LoadSetChecker } from './load-set/load-set-checker.ts';
/** The portability fixes as the checker is given them, and loaded on first use (the playground's worker). */
export {
  LazyPortabilityFixer,
  NO_PORTABILITY_FIXES,
  loadPortabilityFixer,
} from './load-set/portability-fixer.ts';
export type { PortabilityFixer } from './load-set/portability-fixer.ts';
export { agentCardFormat } from './formats/agentcard/index.ts';
export { agentCardReader } from './formats/agentcard/reader.ts';
export { convertAgent, conversionTargets } from './formats/convert.ts';
// AFM
export { afmFormat } from './formats/afm/index.ts';
export { afmIdentifier } from './formats/afm/analyze-afm.ts';
export { systemPrompt as afmSystemPrompt } from './formats/afm/compile-afm.ts';
export { SHAPE_LABELS as AFM_SHAPE_LABELS, type AfmShape } from './formats/afm/shape.ts';
export type { AfmVariable } from './formats/afm/find-variables.ts';
export { emitAfm } from './formats/afm/emit-afm.ts';
export { emitAgentCard } from './formats/agentcard/emit-agentcard.ts';
// OpenAgentSpec
export { analyzeSpec, openAgentSpecFormat } from './formats/openagentspec/index.ts';
export {
  evaluateEngagement,
  evaluateExpression,
  MAX_ENGAGEMENT_CHARS,
  prepareEngagement,
} from './formats/openagentspec/evaluate-engagement.ts';
export type {
  EngagementEvaluation,
  ExpressionResult,
  PreparedEngagement,
} from './formats/openagentspec/evaluate-engagement.ts';
export { engagementSkeleton } from './formats/openagentspec/engagement-skeleton.ts';
export { readSpecView } from './formats/openagentspec/spec-view.ts';
export type { SpecExpression, SpecView } from './formats/openagentspec/spec-view.ts';
// TsAgent
export { tsAgentFormat, isTsAgentYaml } from './formats/tsagent/index.ts';
export { assembleInstruction } from './formats/tsagent/compile-agent.ts';
export type { TsAgentMode } from './formats/tsagent/check-definition.ts';
export type { McpTool } from './formats/tsagent/check-tools.ts';
export type { ContextItem, IncludeMode } from './formats/tsagent/read-context-items.ts';

// A2A
export { analyzeA2aCard } from './formats/a2a/index.ts';
export { PLACEHOLDER_URL as A2A_PLACEHOLDER_URL } from './formats/a2a/emit-card.ts';
export { PROTOCOL_VERSION as A2A_PROTOCOL_VERSION } from './formats/a2a/advise-card.ts';
export { generateSchemas, SCHEMA_SETS } from './schemas/generate-schemas.ts';
export { SCHEMA_VERSION } from './schemas/schema-set.ts';
export type { SchemaFile, SchemaSet } from './schemas/schema-set.ts';
export type { JsonSchemaObject } from './schemas/convert-schema.ts';
// The agent graph: nodes, references and what each agent uses, as data, Mermaid or DOT.
export { agentGraph, GRAPH_EDGE_KINDS } from './graph/agent-graph.ts';
export type {
  AgentGraph,
  GraphNode,
  GraphEdge,
  GraphEdgeKind,
  GraphNodeStatus,
  GraphUses,
  GraphServer,
  GraphHook,
  GraphPythonRef,
} from './graph/agent-graph.ts';
export { graphToMermaid, graphToDot, edgeLabel } from './graph/graph-text.ts';
// Schema fields (editor completion and hover for AFM and OpenAgentSpec)
export { schemaFields, shapeOf as schemaShape } from './schemas/schema-fields.ts';
/** A JSON Schema of the core's own conversion (the one the published schemas come from). */
export { convertSchema } from './schemas/convert-schema.ts';
export type { SchemaField, KeyPathStep } from './schemas/schema-fields.ts';
