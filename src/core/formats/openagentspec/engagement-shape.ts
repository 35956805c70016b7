/**
 * The Engagement object as the spec defines it: what a restriction assertion or an `exposes` selection
 * may read. `recent` and `history` also hold one entry per tool or agent the agent invoked, keyed by name.
 */

/** What is known about a value of the Engagement. */
export type Shape =
  | { kind: 'any' }
  | { kind: 'leaf'; what: string }
  | { kind: 'list'; what: string; element: Shape }
  | { kind: 'object'; what: string; fields: Readonly<Record<string, Shape>>; named?: Shape };

const ANY: Shape = { kind: 'any' };

/** Anything: nothing is checked below it (a tool's inputs and outputs). */
export const ANY_SHAPE = ANY;

const invocation = (what: string): Shape => ({
  kind: 'object',
  what,
  fields: { inputs: ANY, outputs: ANY },
});

/** The Engagement's roots and fields (spec section "Engagement"). */
export const ENGAGEMENT: Shape & { kind: 'object' } = {
  kind: 'object',
  what: 'the Engagement',
  fields: {
    started_at: { kind: 'leaf', what: 'a timestamp' },
    user: {
      kind: 'object',
      what: '`user`',
      fields: { id: { kind: 'leaf', what: 'a string' }, email: { kind: 'leaf', what: 'a string' } },
    },
    recent: {
      kind: 'object',
      what: '`recent`',
      fields: { _name: { kind: 'leaf', what: 'a string' } },
      named: invocation('an invocation'),
    },
    history: {
      kind: 'object',
      what: '`history`',
      fields: {
        _list: { kind: 'list', what: 'a list of names', element: { kind: 'leaf', what: 'a name' } },
        _total: { kind: 'leaf', what: 'an integer' },
      },
      named: { kind: 'list', what: 'a list of invocations', element: invocation('an invocation') },
    },
  },
};

/** The Engagement's root variable names. */
export const ENGAGEMENT_ROOTS: readonly string[] = Object.keys(ENGAGEMENT.fields);
