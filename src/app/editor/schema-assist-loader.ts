/**
 * Completion and hover for AFM frontmatter and OpenAgentSpec YAML (schema-assist.ts), loaded on first
 * use: they read the formats' schemas and parse YAML, which an AgentCard file never needs, so neither
 * the schemas nor the `yaml` library are part of what the page loads before the editor appears. Only
 * files the core detects as AFM or OpenAgentSpec ask for the module.
 */
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { EditorState, type Extension } from '@codemirror/state';
import { hoverTooltip, type EditorView, type Tooltip } from '@codemirror/view';
import { FORMAT_REGISTRY } from '../../core/index.ts';
import { cardEditorConfig, documentFormat } from './editor-config.ts';

let module: Promise<typeof import('./schema-assist.ts')> | undefined;

/** The module, imported once; a failed import (offline, missing chunk) is tried again next time. */
function load(): Promise<typeof import('./schema-assist.ts')> {
  module ??= import('./schema-assist.ts').catch((error: unknown) => {
    module = undefined;
    throw error;
  });
  return module;
}

/** Whether the file in `state` is one schema-assist.ts serves (cheap: the format is cached per text). */
function schemaDescribed(state: EditorState): boolean {
  const format = documentFormat(state.facet(cardEditorConfig).path, state.doc);
  return format !== undefined && FORMAT_REGISTRY.schemaAssisted.has(format);
}

/**
 * Completion in AFM and OpenAgentSpec files (schema-assist.ts's `schemaCompletionSource`, once loaded);
 * null at once in other files, which never load the module.
 */
export function schemaCompletions(
  context: CompletionContext,
): Promise<CompletionResult | null> | null {
  if (!schemaDescribed(context.state)) return null;
  return load().then((assist) => assist.schemaCompletionSource(context));
}

/**
 * The hover tooltip at `pos` in AFM and OpenAgentSpec files (schema-assist.ts's `schemaHover`, once
 * loaded); null at once in other files, which never load the module.
 */
export function schemaHoverSource(view: EditorView, pos: number): Promise<Tooltip | null> | null {
  if (!schemaDescribed(view.state)) return null;
  return load().then((assist) => assist.schemaHover(view, pos));
}

/**
 * Key completion and hover for AFM frontmatter and OpenAgentSpec YAML. The completion source is offered
 * as language data at every position (like the card fields'), the autocompletion UI comes with
 * `fieldCompletion`.
 */
export function schemaAssist(): Extension {
  return [
    EditorState.languageData.of(() => [{ autocomplete: schemaCompletions }]),
    hoverTooltip(schemaHoverSource),
  ];
}
