import type { CodeInfo } from '../../diagnostics.ts';

/** Diagnostic codes of the OpenAgentSpec format (part of the one table, `DIAGNOSTIC_CODES`). */
export const OPENAGENTSPEC_CODES = {} as const satisfies Record<string, CodeInfo>;
