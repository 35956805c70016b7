/** The eight card types of the RFC, spelled as the RFC spells them. */
export const CARD_TYPES = [
  'agent',
  'chain',
  'parallel',
  'evaluator_optimizer',
  'router',
  'orchestrator',
  'iterative_planner',
  'MAKER',
] as const;

/** A card type of the RFC, or fast-agent's extra `a2a` type (fast-agent profile only). */
export type CardType = (typeof CARD_TYPES)[number] | 'a2a';

/** Which rules the checker follows: the RFC as written, or what fast-agent 0.10.9 really does. */
export type Profile = 'rfc' | 'fast-agent';

/** The checker's profiles, default first. */
export const PROFILES: readonly Profile[] = ['rfc', 'fast-agent'];

/** How fast-agent spells each type in its per-card result (`agent_data.type`). */
export const FAST_AGENT_TYPE_NAMES: Record<CardType, string> = {
  agent: 'basic',
  chain: 'chain',
  parallel: 'parallel',
  evaluator_optimizer: 'evaluator_optimizer',
  router: 'router',
  orchestrator: 'orchestrator',
  iterative_planner: 'iterative_planner',
  MAKER: 'maker',
  a2a: 'a2a',
};

/** Types whose `use_history` defaults to true (the others default to false). */
export const HISTORY_BY_DEFAULT: ReadonlySet<CardType> = new Set([
  'agent',
  'chain',
  'parallel',
  'evaluator_optimizer',
  'MAKER',
  'a2a',
]);

/** The outcome of reading a `type` value. */
export type TypeReading =
  | { kind: 'ok'; type: CardType; note?: 'case' | 'missing' | 'smart' }
  | { kind: 'unknown'; text: string }
  | { kind: 'not-string' };

/**
 * Reads a card's `type` value. The RFC spells types exactly; fast-agent is case-insensitive, strips
 * spaces, reads a missing or blank type as `agent`, and maps the deprecated `smart` to `agent`.
 */
export function readType(value: unknown, present: boolean, profile: Profile): TypeReading {
  if (!present || value === null || value === undefined)
    return { kind: 'ok', type: 'agent', note: 'missing' };
  if (typeof value !== 'string') return { kind: 'not-string' };
  const exact = (CARD_TYPES as readonly string[]).includes(value) ? (value as CardType) : undefined;
  if (exact) return { kind: 'ok', type: exact };
  const folded = value.trim().toLowerCase();
  if (folded === '') return { kind: 'ok', type: 'agent', note: 'missing' };
  const match = CARD_TYPES.find((t) => t.toLowerCase() === folded);
  if (profile === 'fast-agent') {
    if (match) return { kind: 'ok', type: match, note: 'case' };
    if (folded === 'a2a') return { kind: 'ok', type: 'a2a' };
    if (folded === 'smart') return { kind: 'ok', type: 'agent', note: 'smart' };
  } else if (match) {
    return { kind: 'ok', type: match, note: 'case' };
  }
  return { kind: 'unknown', text: value };
}
