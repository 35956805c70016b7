/**
 * A load-set that uses every type, every reference field, a missing agent, a card in error, a cycle and a
 * name that needs escaping: the golden Mermaid and DOT outputs are written from it.
 */
const card = (front: string) => `---\n${front}\n---\nDo the job.\n`;

/** Files of the fixture load-set (AgentCard bundle plus a second file). */
export const GRAPH_FIXTURE: Record<string, string> = {
  'workflow.md': [
    card('type: agent\nname: url_fetcher\nservers:\n  - fetch'),
    card('type: agent\nname: social_media'),
    card('type: chain\nname: post_writer\nsequence:\n  - url_fetcher\n  - social_media'),
    card(
      'type: parallel\nname: fan\nfan_out: [url_fetcher, "say \\"hi\\" <b>#1</b>"]\nfan_in: social_media',
    ),
    card('type: evaluator_optimizer\nname: refine\ngenerator: post_writer\nevaluator: judge'),
    card('type: router\nname: front_desk\nagents: [fan, refine, planner, ghost]'),
    card('type: orchestrator\nname: boss\nagents: [front_desk]'),
    card('type: MAKER\nname: voter\nworker: boss'),
  ].join(''),
  'more.md': [
    card('type: iterative_planner\nname: planner\nagents: [voter]'),
    card('type: agent\nname: judge\nagents: [social_media]'),
    card('type: agent\nname: say "hi" <b>#1</b>\nbogus: 1'),
  ].join(''),
};

/**
 * Agent names holding a NUL, an ESC with a colour sequence and a BEL, and a right-to-left override
 * (YAML escapes, so the file itself is plain text), in a chain that also names a missing one with an ESC.
 */
export const CONTROL_NAMES = ['nul\u0000name', 'esc\u001b[31mred\u0007', 'rlo\u202eabc'];

/** A load-set whose agents are named {@link CONTROL_NAMES}, with a chain through them. */
export const CONTROL_FIXTURE: Record<string, string> = {
  'controls.md': [
    card('type: agent\nname: "nul\\0name"'),
    card('type: agent\nname: "esc\\e[31mred\\a"'),
    card('type: agent\nname: "rlo\\u202eabc"'),
    card(
      'type: chain\nname: pipeline\nsequence: ["nul\\0name", "esc\\e[31mred\\a", "rlo\\u202eabc", "gone\\e[2J"]',
    ),
  ].join(''),
};

/** True when every character of `text` may stand in an XML 1.0 document (its `Char` production). */
export function isXmlText(text: string): boolean {
  return /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u.test(text);
}
