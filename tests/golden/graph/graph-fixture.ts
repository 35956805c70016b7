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
