/**
 * The Share dialog's embed configurator as data: what the author chose (as typed), the snippet options it
 * gives (`embed-snippets.ts` writes them), what was set aside, the live preview's URL, and the codes and agent
 * names worth offering from the workspace's own problems. Pure; `EmbedConfigurator.svelte` renders it.
 */
import type { Diagnostic } from '../../core/index.ts';
import { EMBED_VIEWS, type EmbedView } from '../../embed/embed-options.ts';
import { embedUrl } from '../../embed/element/embed-url.ts';
import { unknownAgentName } from '../../embed/diagnostic-filter.ts';
import {
  parseNameList,
  type SnippetInput,
  type SnippetTheme,
} from '../../markdown/embed-snippets.ts';

/** What the author chose, as the controls hold it (lists and lines as typed). */
export interface EmbedChoices {
  view: EmbedView;
  readonly: boolean;
  theme: SnippetTheme;
  /** Lines as typed: empty for "as tall as the text". */
  lines: string;
  clickToLoad: boolean;
  /** Diagnostic codes to hide, as typed (commas, spaces or line breaks between them). */
  hide: string;
  /** Agents defined elsewhere, as typed. */
  agents: string;
}

/** The choices a new configurator starts with: every option at its default. */
export const DEFAULT_CHOICES: Readonly<EmbedChoices> = Object.freeze({
  view: 'split',
  readonly: false,
  theme: 'auto',
  lines: '',
  clickToLoad: false,
  hide: '',
  agents: '',
});

/** The views in the order the configurator offers them. */
export const CHOICE_VIEWS: readonly EmbedView[] = EMBED_VIEWS;

/** The snippet options of `choices`, and a sentence for each thing typed that was left out. */
export function snippetOptions(choices: EmbedChoices): {
  options: Pick<
    SnippetInput,
    'view' | 'readonly' | 'theme' | 'lines' | 'clickToLoad' | 'hide' | 'agents'
  >;
  problems: string[];
} {
  const problems: string[] = [];
  const hide = parseNameList(choices.hide, 'codes');
  const agents = parseNameList(choices.agents, 'agents');
  if (hide.invalid.length > 0)
    problems.push(`Not diagnostic codes, left out: ${hide.invalid.join(' ')}`);
  if (agents.invalid.length > 0)
    problems.push(`Not agent names an embed can take, left out: ${agents.invalid.join(' ')}`);
  const typed = choices.lines.trim();
  const lines = /^\d{1,3}$/.test(typed) ? Number(typed) : undefined;
  if (typed !== '' && (lines === undefined || lines < 1 || lines > 200))
    problems.push('Lines must be a whole number from 1 to 200; left out.');
  return {
    options: {
      view: choices.view,
      readonly: choices.readonly,
      theme: choices.theme,
      lines: lines !== undefined && lines >= 1 && lines <= 200 ? lines : undefined,
      clickToLoad: choices.clickToLoad,
      hide: hide.names,
      agents: agents.names,
    },
    problems,
  };
}

/**
 * The URL of the live preview: `embed.html` beside the playground with the chosen options and `permalink`.
 * `inherit` shows as `pageTheme` (the playground's own colours stand in for the docs site's).
 */
export function previewUrl(
  playground: string,
  permalink: string,
  options: ReturnType<typeof snippetOptions>['options'],
  pageTheme: 'light' | 'dark',
): string {
  const theme = options.theme === 'inherit' ? pageTheme : options.theme;
  return embedUrl(new URL('embed.html', playground.endsWith('/') ? playground : `${playground}/`), {
    view: options.view === 'split' ? null : (options.view ?? null),
    readonly: options.readonly ?? false,
    theme: theme === 'auto' ? null : (theme ?? null),
    lines: options.lines === undefined ? null : String(options.lines),
    load: options.clickToLoad ? 'click' : null,
    hide: options.hide?.join(',') || null,
    agents: options.agents?.join(',') || null,
    permalink,
  });
}

/**
 * What to offer from the workspace's problems, each once and sorted: the codes it reports (to hide) and the
 * agents its cards name but do not define (to declare as defined elsewhere). Names already chosen are left out.
 */
export function suggestions(
  diagnostics: readonly Pick<Diagnostic, 'code' | 'message'>[],
  choices: Pick<EmbedChoices, 'hide' | 'agents'>,
): { codes: string[]; agents: string[] } {
  const hidden = new Set(parseNameList(choices.hide, 'codes').names);
  const declared = new Set(parseNameList(choices.agents, 'agents').names);
  const codes = new Set<string>();
  const agents = new Set<string>();
  for (const d of diagnostics) {
    if (!hidden.has(d.code)) codes.add(d.code);
    const agent = unknownAgentName(d);
    if (agent === undefined || declared.has(agent)) continue;
    const parsed = parseNameList(agent, 'agents').names;
    if (parsed.length === 1 && parsed[0] === agent) agents.add(agent);
  }
  return { codes: [...codes].sort(), agents: [...agents].sort() };
}

/** `typed` with `name` added at its end (a list as the configurator's text fields hold it). */
export function addName(typed: string, name: string): string {
  const trimmed = typed.trim().replace(/,$/, '').trim();
  return trimmed === '' ? name : `${trimmed}, ${name}`;
}
