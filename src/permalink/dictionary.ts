/**
 * The preset dictionary of permalinks (zlib's FDICT, RFC 1950 §2.2): text that most envelopes share, so that a
 * link can point back at it instead of spelling it out. It holds only the format's own scaffolding, never
 * anybody's prose: the envelope's JSON, card frontmatter keys and values (the fields of
 * `src/core/formats/agentcard/card-fields.ts`, the card types), history delimiters, and the skeletons of
 * `fastagent.config.yaml` and of JSON history files. Card text appears as it does inside the envelope's JSON
 * strings (a line break is the two characters `\n`).
 *
 * Deflate finds a repeat at any distance up to 32 KiB, but a nearer one costs fewer bits, so the strings most
 * links contain come last.
 *
 * Changing a single character of it breaks every link ever made: the dictionary is part of the link format, and
 * a new one needs a new fragment prefix. `dictionary.test.ts` pins its Adler-32 for that reason.
 */

/** Card text as it appears inside a JSON string of the envelope. */
const inJson = (text: string): string => JSON.stringify(text).slice(1, -1);

const FIRST_RAREST: readonly string[] = [
  // fast-agent's configuration file and its JSON history files.
  inJson(
    'default_model: sonnet\n\nmcp:\n  servers:\n    fetch:\n      command: "uvx"\n      args: ["mcp-server-fetch"]\n' +
      '    filesystem:\n      command: "npx"\n      args: ["-y", "@modelcontextprotocol/server-filesystem", "."]\n',
  ),
  inJson('{\n  "messages": [\n    { "role": "user", "content": { "type": "text", "text": "'),
  inJson('" } },\n    { "role": "assistant", "content": { "type": "text", "text": "'),
  // Fields of the rarer card types.
  inJson('\nrequest_params:\n  maxTokens: \n  temperature: '),
  inJson('\nfan_out:\n  - \nfan_in: \ninclude_request: '),
  inJson('\ngenerator: \nevaluator: \nmin_rating: \nmax_refinements: \nrefinement_instruction: '),
  inJson(
    '\nplan_type: \nplan_iterations: \nworker: \nk: \nmax_samples: \nmatch_strategy: \nred_flag_max_length: ',
  ),
  inJson(
    '\nurl: \ntransport: \nstreaming: \npolling: \naccepted_output_modes: \nheaders: \nauth: ' +
      '\nrelative_card_path: \nrequest_timeout_seconds: ',
  ),
  // Fields of agents.
  inJson(
    '\ndescription: \ntool_only: true\nschema_version: 1\nsubagents: \nsubagent_model: \nharness_tools: ',
  ),
  inJson(
    '\nresources: \nprompts: \nmcp_connect: \nskills: \nuse_history: false\nsave_trajectory: ' +
      '\nhuman_input: true\napi_key: ',
  ),
  inJson(
    '\nhistory_source: \nhistory_merge_target: \nmax_parallel: \nchild_timeout_sec: ' +
      '\nmax_display_instances: \nhistory_mode: ',
  ),
  inJson(
    '\ntool_hooks:\n  before_llm_call: \n  after_llm_call: \n  before_tool_call: \n  after_tool_call: ' +
      '\n  after_turn_complete: ',
  ),
  inJson(
    '\nlifecycle_hooks:\n  on_start: \n  on_shutdown: \ncommands: \ntrim_tool_history: ' +
      '\ntool_input_schema: \nshell: true\ncwd: \nvariables: ',
  ),
  inJson('\nfunction_tools:\n  - tools.py:\ncumulative: true\n'),
  inJson(
    'type: parallel\ntype: evaluator_optimizer\ntype: router\ntype: orchestrator' +
      '\ntype: iterative_planner\ntype: MAKER\n',
  ),
  inJson(
    '\nmodel: sonnet\nmodel: haiku\nmodel: openai.gpt-4.1\nservers: [fetch, filesystem]\ntools:\n',
  ),
  inJson('\n---RESOURCE\n---SYSTEM\n'),
];

const LAST_MOST_COMMON: readonly string[] = [
  '"],["fastagent.config.yaml","',
  inJson('\nagents:\n  - \ndefault: true\nmessages:\n  - '),
  inJson('\nsequence:\n  - '),
  inJson('\nservers:\n  - '),
  inJson('\ntype: chain\nname: '),
  inJson('\ninstruction: |\n  '),
  inJson('\n---USER\n'),
  inJson('\n---ASSISTANT\n'),
  '.yaml","' + inJson('---\ntype: agent\nname: '),
  inJson('\n') + '"]],"a":"',
  '","p":"fast-agent"}',
  '","p":"rfc"}',
  inJson('\n') + '"],["',
  '{"v":1,"f":[["',
  '.md","' + inJson('---\ntype: agent\nname: '),
  inJson('\n---\n'),
];

/**
 * The permalink dictionary: printable ASCII only (so its UTF-8 bytes are its characters), well under deflate's
 * 32 KiB window. Its zlib dictionary id is its Adler-32.
 */
export const PERMALINK_DICTIONARY: string = [...FIRST_RAREST, ...LAST_MOST_COMMON].join('');
