/**
 * Converting the selected card to another format, previewed before anything is written: `open` converts
 * and shows the result beside the card; the preview's name can be changed (each change converts again,
 * and an answer for an older name never wins); `add` puts the result beside the original under a name no
 * other agent has, `replace` puts it in place of the original card. Nothing touches the workspace before
 * one of those two, and neither adds an agent whose name is taken. A Replace can be undone from its
 * banner while the files it wrote are as it left them.
 */
import type { CompiledAgent, Conversion, EmitOptions, FormatId } from '../../core/index.ts';
import type { CardRef } from '../analysis/protocol.ts';
import {
  additionEdit,
  cardText,
  nameProblem,
  nameSyntaxProblem,
  replacementEdit,
  suggestName,
  undoEdit,
  type CardSource,
  type WorkspaceEdit,
} from '../conversion/conversion-plan.ts';
import type { Notifications } from './notifications.svelte.ts';

/** What the last Add or Replace did, for the output panel. */
export interface ConversionReport {
  /** The name of the converted agent. */
  from: string;
  to: FormatId;
  /** The paths the new files were written under. */
  paths: string[];
  /** The file the original card was taken out of (or removed with it) by a Replace. */
  replaced?: string;
  lost: Conversion['lost'];
}

/** A conversion shown before it is written. */
export interface ConversionPreview {
  ref: CardRef;
  /** The converted agent's name, format and card. */
  agent: { name: string; format: FormatId };
  source: CardSource;
  /** The card's text, shown beside the result. */
  sourceText: string;
  to: FormatId;
  /** The options the conversion was asked with (the A2A URL), without the name. */
  options: EmitOptions;
  /** The agent name the result carries (the original's unless changed). */
  name: string;
  /** A free name for a copy, offered when `name` is taken. */
  suggestion: string;
  /** The conversion under `name`; that of the last name that converted while a newer one is pending. */
  result: Conversion;
  /** True while `result` is not for `name`: its conversion is on its way, or `name` names no agent. */
  pending: boolean;
}

/** What `Converter` works with, injected by the model. */
export interface ConverterHost {
  /** Converts card `ref` (null: it did not compile); rejects when the conversion fails. */
  convert(ref: CardRef, to: FormatId, options: EmitOptions): Promise<Conversion | null>;
  /** Where card `ref` is (its file's text now, its range, the file's card count); null when it is gone. */
  cardSource(ref: CardRef): CardSource | null;
  /** The agent names of the workspace now (one entry per card, so a duplicate appears twice). */
  agentNames(): string[];
  /** The text of `path` now (undefined: no such file). */
  fileText(path: string): string | undefined;
  /** Applies `edit` to the workspace in one change, opening the first added file. */
  apply(edit: WorkspaceEdit): void;
  notifications: Notifications;
}

/** Previewed conversions of the selected card, and the report of the last one written. */
export class Converter {
  /** The conversion shown for review (null: none). */
  preview = $state.raw<ConversionPreview | null>(null);
  /** What the last Add or Replace wrote (null: none since the workspace opened). */
  report = $state.raw<ConversionReport | null>(null);
  #seq = 0;

  constructor(private readonly host: ConverterHost) {}

  /**
   * Converts card `ref`, compiled as `agent`, to `to` and shows the result for review. Resolves true when
   * the preview is shown; false when there is nothing to convert (no selection, the agent is in `to`
   * already, or its card is gone) or the conversion failed, which a banner then explains.
   */
  async open(
    ref: CardRef | null,
    agent: CompiledAgent | null,
    to: FormatId,
    options: EmitOptions = {},
  ): Promise<boolean> {
    if (!ref || !agent || agent.format === to) return false;
    const source = this.host.cardSource(ref);
    if (!source) return false;
    const seq = ++this.#seq;
    const result = await this.#convert(ref, to, options);
    if (!result || seq !== this.#seq) return false;
    const names = this.host.agentNames();
    this.preview = {
      ref,
      agent: { name: agent.name, format: agent.format },
      source,
      sourceText: cardText(source),
      to,
      options,
      name: agent.name,
      suggestion: suggestName(agent.name, to, (n) => names.includes(n)),
      result,
      pending: false,
    };
    return true;
  }

  /**
   * Names the converted agent `name` and converts again. A name that cannot name an agent at all
   * (`nameSyntaxProblem`) is shown but not converted (the preview stays pending); an answer that comes
   * after a newer rename is dropped.
   */
  async rename(name: string): Promise<void> {
    const shown = this.preview;
    if (!shown) return;
    const seq = ++this.#seq;
    this.preview = { ...shown, name, pending: true };
    if (nameSyntaxProblem(name) !== '') return;
    const options = name === shown.agent.name ? shown.options : { ...shown.options, name };
    const result = await this.#convert(shown.ref, shown.to, options);
    const now = this.preview;
    if (seq !== this.#seq || !now || now.ref !== shown.ref) return;
    this.preview = result ? { ...now, result, pending: false } : null;
  }

  /** Why the preview's name cannot be used to add a copy (`replacing` false) or to replace; '' when it can. */
  problem(name = this.preview?.name ?? '', replacing = false): string {
    const shown = this.preview;
    if (!shown) return '';
    return nameProblem(name, {
      names: this.host.agentNames(),
      original: shown.agent.name,
      replacing,
    });
  }

  /** Adds the result beside the original. Returns the paths written ([] when the name is refused). */
  add(): string[] {
    const shown = this.#ready(false);
    if (!shown) return [];
    const edit = additionEdit(shown.source, shown.result.files, (p) => this.#taken(p));
    return this.#write(shown, edit);
  }

  /**
   * Puts the result in place of the original card. Returns the paths written; [] when the name is
   * refused or the original's file changed since the preview (a banner then says to convert again).
   */
  replace(): string[] {
    const shown = this.#ready(true);
    if (!shown) return [];
    const { source } = shown;
    const edit = replacementEdit(source, shown.result.files, this.host.fileText(source.file), (p) =>
      this.#taken(p),
    );
    if (!edit) {
      this.host.notifications.show({
        id: 'conversion',
        kind: 'warning',
        text: `${source.file} changed since the preview, so nothing was replaced; convert again.`,
      });
      return [];
    }
    return this.#write(shown, edit);
  }

  /** Closes the preview without writing anything. */
  close(): void {
    this.#seq++;
    this.preview = null;
  }

  /** Forgets the preview and the report (another workspace opened). */
  reset(): void {
    this.close();
    this.report = null;
  }

  #ready(replacing: boolean): ConversionPreview | null {
    const shown = this.preview;
    if (!shown || shown.pending || this.problem(shown.name, replacing) !== '') return null;
    return shown;
  }

  #taken(path: string): boolean {
    return this.host.fileText(path) !== undefined;
  }

  #write(shown: ConversionPreview, edit: WorkspaceEdit): string[] {
    const before = Object.fromEntries(
      [...edit.remove, ...Object.keys(edit.write)].map((p) => [p, this.host.fileText(p) ?? '']),
    );
    this.host.apply(edit);
    const paths = Object.keys(edit.add);
    const replaced = edit.remove[0] ?? Object.keys(edit.write)[0];
    const report: ConversionReport = {
      from: shown.agent.name,
      to: shown.to,
      paths,
      lost: shown.result.lost,
      ...(replaced === undefined ? {} : { replaced }),
    };
    this.report = report;
    this.close();
    if (replaced !== undefined)
      this.host.notifications.show({
        id: 'conversion',
        kind: 'info',
        text: `Replaced ${report.from} in ${replaced} by ${paths.join(', ')}.`,
        action: { label: 'Undo', run: () => this.#undo(edit, before, report) },
      });
    return paths;
  }

  /** Undoes a Replace while none of the files it wrote has changed since; else says so. */
  #undo(edit: WorkspaceEdit, before: Record<string, string>, report: ConversionReport): void {
    const { notifications } = this.host;
    const undo = undoEdit(edit, before, (p) => this.host.fileText(p));
    if (!undo) {
      notifications.show({
        id: 'conversion',
        kind: 'warning',
        text: 'The files changed since the replace, so it was not undone.',
      });
      return;
    }
    this.host.apply(undo);
    notifications.dismiss('conversion');
    if (this.report === report) this.report = null;
  }

  async #convert(ref: CardRef, to: FormatId, options: EmitOptions): Promise<Conversion | null> {
    const { notifications } = this.host;
    try {
      const result = await this.host.convert(ref, to, options);
      if (!result)
        notifications.show({
          id: 'conversion',
          kind: 'warning',
          text: 'The selected card did not compile, so there is nothing to convert.',
        });
      return result;
    } catch (error) {
      notifications.show({
        id: 'conversion',
        kind: 'error',
        text: `Conversion failed: ${error instanceof Error ? error.message : String(error)}`,
      });
      return null;
    }
  }
}
