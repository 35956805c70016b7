/**
 * The text a new file starts with, by its name: a minimal card that checks clean for card files (the
 * agent is named after the file, so two new files never share a name), and nothing for the files that are
 * not cards (history, configuration, JSON, templates), where a card would be read as their content.
 */
import { CONFIG_FILE_NAMES } from '../../core/index.ts';

const MARKDOWN_CARD = '---\ntype: agent\n---\nDescribe what the agent does.\n';
const YAML_CARD = 'type: agent\ninstruction: |\n  Describe what the agent does.\n';
const AFM_AGENT =
  '---\nspec_version: 0.3.0\n---\n\n# Role\n\nDescribe who the agent is.\n\n# Instructions\n\nDescribe what the agent does.\n';

/**
 * The starting text of a new file at `path` (any case): '' for `fastagent.config.yaml` and
 * `fastagent.secrets.yaml`, history files (`*.history.md`, `*.history.json`…), `.json` and every
 * extension that is not a card's; an AFM agent for `.afm.md`; an AgentCard in Markdown for `.md` and
 * `.markdown`, in YAML for `.yaml` and `.yml`.
 */
export function starterText(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (CONFIG_FILE_NAMES.has(name) || /\.history\.[^.]+$/.test(name)) return '';
  if (name.endsWith('.afm.md')) return AFM_AGENT;
  if (/\.ya?ml$/.test(name)) return YAML_CARD;
  if (/\.(md|markdown)$/.test(name)) return MARKDOWN_CARD;
  return '';
}
