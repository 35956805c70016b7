/**
 * The embed's own state beside the agent model: whether the reader may edit, the theme, and the glue between
 * the model and the host page (host messages in, results out). Like the model, it is written only through its
 * methods; `Embed.svelte` reads it.
 */
import { tick } from 'svelte';
import type { AgentModel } from '../app/state/agent-model.svelte.ts';
import { countProblems } from '../app/state/problem-counts.ts';
import { ThemeState } from '../app/theme.svelte.ts';
import type { EmbedOptions } from './embed-options.ts';
import type { EmbedPayload, HostMessage } from './embed-protocol.ts';
import type { HostChannel } from './host-channel.ts';
import { ReportGate } from './report-gate.ts';

/** The name the embed's workspace gets (it is never saved; the full app names what it opens itself). */
const WORKSPACE_NAME = 'Embedded';

/** The embed's state; `connect` starts the exchange with the host. */
export class EmbedState {
  /** True: the editor does not take edits. */
  readonly = $state(false);
  readonly theme: ThemeState;

  constructor(
    readonly model: AgentModel,
    readonly options: EmbedOptions,
  ) {
    this.readonly = options.readonly;
    this.theme = new ThemeState(options.theme);
  }

  /** True until the workspace has files (an embed without a link waits for its host's `setFiles`). */
  get waiting(): boolean {
    return this.model.workspace.active === '';
  }

  /** Applies a valid host message. */
  async receive(message: HostMessage): Promise<void> {
    switch (message.type) {
      case 'setFiles': {
        const { files, active, profile } = message.payload;
        const paths = Object.keys(files);
        const wanted = this.options.file;
        const first =
          active ?? (wanted !== undefined && paths.includes(wanted) ? wanted : paths[0]!);
        await this.model.openFiles(
          WORKSPACE_NAME,
          files,
          first,
          profile ?? this.options.profile ?? 'rfc',
        );
        return;
      }
      case 'setTheme':
        this.theme.choice = message.payload.theme;
        return;
      case 'setReadonly':
        this.readonly = message.payload.readonly;
        return;
    }
  }

  /** Applies the URL's `file` and `profile` options to content opened from a link. */
  applyOptions(): void {
    const { file, profile } = this.options;
    if (file !== undefined) this.model.setActive(file);
    if (profile !== undefined) this.model.setProfile(profile);
  }

  /**
   * Keeps the host informed: `diagnostics` and `compiled` once after every finished check of new content
   * (and `compiled` when the shown card changes; a check of the same content again only when what it says
   * changed, see `ReportGate`). The model (built with `selectFirstCard`) selects the shown file's first card
   * within the check itself, so the first `compiled` already carries its output. Each report leaves once the
   * view shows the check it is about (the results tab may change with it: see `OpeningPane`), in the order
   * the reports were made, so a height measured as it leaves is the view's. Returns the function that stops it.
   */
  connect(channel: HostChannel): () => void {
    const gates = { diagnostics: new ReportGate(), compiled: new ReportGate() };
    const send: HostChannel['send'] = (type, payload, id) =>
      void tick().then(() => channel.send(type, payload, id));
    return $effect.root(() => {
      $effect(() => {
        const analysis = this.model.analysis;
        if (this.model.analysisStale || this.waiting) return;
        const payload = diagnosticsPayload(analysis.diagnostics);
        if (gates.diagnostics.pass(analysis.texts, this.model.workspace.profile, payload))
          send('diagnostics', payload);
      });
      $effect(() => {
        const analysis = this.model.analysis;
        const selected = this.model.selected;
        if (this.model.analysisStale || this.waiting) return;
        const payload: EmbedPayload<'compiled'> = {
          agents: analysis.agents.map(({ name, type, file, line, ok }) => ({
            name,
            type,
            file,
            line,
            ok,
          })),
          selected: selected && {
            name: selected.name,
            type: selected.type,
            file: selected.file,
            line: selected.line,
            ok: selected.ok,
            data: selected.data,
            history: selected.history.map(({ role, content }) => ({ role, content })),
          },
        };
        if (gates.compiled.pass(analysis.texts, this.model.workspace.profile, payload))
          send('compiled', payload);
      });
    });
  }
}

function diagnosticsPayload(
  list: AgentModel['analysis']['diagnostics'],
): EmbedPayload<'diagnostics'> {
  const counts = countProblems(list);
  const diagnostics = list.map((d) => {
    const { code, severity, message, file, from, to, line, column, endLine, endColumn } = d;
    return {
      code,
      severity,
      message,
      file,
      from,
      to,
      line,
      column,
      endLine,
      endColumn,
      ...(d.card === undefined ? {} : { card: d.card }),
    };
  });
  return { diagnostics, counts };
}
