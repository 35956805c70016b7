/**
 * The one table of diagnostic codes: the core's and AgentCard's (`CORE_CODES`) and every other format's. The
 * command line, the docs test and library users read it; the checker itself needs only each code's default
 * severity, which a format's own `codes.ts` gives its modules (so the playground's worker does not load the
 * other formats' tables before their files appear).
 */
import { CORE_CODES } from './core-codes.ts';
import type { CodeInfo } from './diagnostics.ts';
import { A2A_CODES } from './formats/a2a/codes.ts';
import { AFM_CODES } from './formats/afm/codes.ts';
import { OPENAGENTSPEC_CODES } from './formats/openagentspec/codes.ts';
import { TSAGENT_CODES } from './formats/tsagent/codes.ts';

/**
 * Every diagnostic code with its default severity and summary. Keys are stable kebab-case codes;
 * `docs/diagnostics.md` documents each one and a test keeps the two in step.
 */
export const DIAGNOSTIC_CODES = {
  ...CORE_CODES,
  ...AFM_CODES,
  ...OPENAGENTSPEC_CODES,
  ...TSAGENT_CODES,
  ...A2A_CODES,
} as const satisfies Record<string, CodeInfo>;
