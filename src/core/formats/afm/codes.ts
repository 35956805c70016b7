import type { CodeInfo } from '../../diagnostics.ts';

/** Diagnostic codes of the AFM format (part of the one table, `DIAGNOSTIC_CODES`). */
export const AFM_CODES = {} as const satisfies Record<string, CodeInfo>;
