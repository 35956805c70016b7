import type { CodeInfo } from '../../diagnostics.ts';

/** Diagnostic codes of the TsAgent format (part of the one table, `DIAGNOSTIC_CODES`). */
export const TSAGENT_CODES = {} as const satisfies Record<string, CodeInfo>;
