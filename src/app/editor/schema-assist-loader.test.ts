import { CompletionContext } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { describe, expect, it, vi } from 'vitest';
import { cardEditorConfig } from './editor-config.ts';
import { schemaCompletions, schemaHoverSource } from './schema-assist-loader.ts';

// Counts the imports of schema-assist.ts (the factory runs when the module is first imported).
const imports = vi.hoisted(() => ({ count: 0 }));
vi.mock('./schema-assist.ts', async (original) => {
  imports.count++;
  return original();
});

const stateFor = (doc: string, path: string) =>
  EditorState.create({ doc, extensions: cardEditorConfig.of({ path, profile: 'rfc' }) });
// The sources read only the view's state until a tooltip is drawn.
const viewOf = (state: EditorState) => ({ state }) as EditorView;

describe('schemaAssist loaded on first use', () => {
  // First: the module is imported once per test file, by the AFM test below.
  it('answers nothing at once in an AgentCard file and never imports schema-assist.ts', () => {
    const doc = '---\ntype: agent\nmo\n---\nBody.\n';
    const state = stateFor(doc, 'card.md');
    expect(schemaHoverSource(viewOf(state), doc.indexOf('type') + 1)).toBeNull();
    expect(schemaCompletions(new CompletionContext(state, doc.indexOf('mo') + 2, true))).toBeNull();
    expect(imports.count).toBe(0);
  });

  it("resolves an AFM key's hover to its tooltip, and completes its fields, importing the module once", async () => {
    const doc = '---\nname: Sizer\nmo\n---\n# Role\n';
    const state = stateFor(doc, 'helper.afm.md');
    const hover = schemaHoverSource(viewOf(state), doc.indexOf('name') + 1);
    expect(hover).toBeInstanceOf(Promise);
    expect(await hover).toMatchObject({ pos: doc.indexOf('name'), end: doc.indexOf('name') + 4 });
    const completion = await schemaCompletions(
      new CompletionContext(state, doc.indexOf('mo') + 2, false),
    );
    expect(completion?.options.map((o) => o.label)).toContain('model');
    // Off a key, the loaded module answers null.
    expect(await schemaHoverSource(viewOf(state), doc.indexOf('Role'))).toBeNull();
    expect(imports.count).toBe(1);
  });
});
