/** A `{{…}}` placeholder in a compiled instruction: what fills it, and when. */
export interface Placeholder {
  /** What is between the braces, e.g. `serverInstructions` or `file:AGENTS.md`. */
  name: string;
  /** `load`: fast-agent fills it when it loads the card; `run`: when the agent runs. */
  when: 'load' | 'run';
  /** One sentence for the reader: what fast-agent puts there. */
  meaning: string;
}

/** A piece of an instruction: plain text, or a placeholder (its `text` is the whole `{{…}}`). */
export interface InstructionSegment {
  text: string;
  placeholder?: Placeholder;
}

const KNOWN: Record<string, string> = {
  serverInstructions: 'the instructions that the MCP servers of the agent publish',
  agentSkills: 'the list of the skills the agent can use',
  env: 'a description of the environment: workspace root, client and host platform',
  model_specific: 'instructions specific to the model in use',
  currentDate:
    "today's date (in a card's own instruction fast-agent fills it when it loads the card, in its default instruction when the agent runs)",
  workspaceRoot: 'the workspace root folder',
  hostPlatform: 'the host platform',
  pythonVer: 'the Python version',
  agentName: "the agent's name",
  agentType: "the agent's type",
  agentCardPath: "the path of the agent's card file",
  agentCardDir: "the folder of the agent's card file",
};

// `\{{` escapes a placeholder (fast-agent keeps it as written).
const PLACEHOLDER = /(?<!\\)\{\{([^{}]+)\}\}/g;

/**
 * Splits an instruction into plain text and the `{{…}}` placeholders fast-agent fills later: at load
 * (`{{url:…}}`) or at run time (the rest; an unknown name is filled only when fast-agent is given a value of
 * that name). Joining the segments' `text` gives `text` back. Pure; never throws.
 */
export function instructionSegments(text: string): InstructionSegment[] {
  const out: InstructionSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    out.push({ text: m[0], placeholder: describe(m[1]!) });
    last = m.index + m[0].length;
  }
  if (last < text.length || out.length === 0) out.push({ text: text.slice(last) });
  return out;
}

function describe(name: string): Placeholder {
  const colon = name.indexOf(':');
  const [kind, arg] = colon === -1 ? [name, ''] : [name.slice(0, colon), name.slice(colon + 1)];
  if (kind === 'url' && /^https?:\/\//.test(arg))
    return {
      name,
      when: 'load',
      meaning: `the text of ${arg}, which fast-agent fetches when it loads the card (the checker fetches nothing)`,
    };
  const meaning =
    kind === 'file'
      ? `the text of the file ${arg.trim()}, relative to the workspace root (fast-agent fails when it is missing)`
      : kind === 'file_silent'
        ? `the text of the file ${arg.trim()}, relative to the workspace root, or nothing when it is missing`
        : (KNOWN[name] ??
          `the value named ${name} when fast-agent is given one; otherwise it stays as written`);
  return { name, when: 'run', meaning };
}
