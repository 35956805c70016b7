import type { CodeInfo } from '../../diagnostics.ts';

/** Diagnostic codes of the A2A AgentCard format (part of the one table, `DIAGNOSTIC_CODES`). */
export const A2A_CODES = {} as const satisfies Record<string, CodeInfo>;
