/**
 * The one table of diagnostic codes: the core's and AgentCard's (`CORE_CODES`) and every other format's
 * (each module's `codes`). The command line, the docs test and library users read it; the checker itself
 * needs only each code's default severity, which a format's own `codes.ts` gives its modules (so the
 * playground's worker does not load the other formats' tables before their files appear).
 */
import { CORE_CODES } from './core-codes.ts';
import type { CodeInfo, DiagnosticCode } from './diagnostics.ts';
import { FORMAT_IDS } from './formats/format-records.ts';
import { formatModule } from './formats/registry.ts';

/**
 * Every diagnostic code with its default severity and summary: the core's, then each format's in
 * `FORMAT_IDS` order. Keys are stable kebab-case codes; `docs/diagnostics.md` documents each one and a test
 * keeps the two in step.
 */
export const DIAGNOSTIC_CODES: Readonly<Record<DiagnosticCode, CodeInfo>> = Object.assign(
  { ...CORE_CODES },
  ...FORMAT_IDS.map((id) => formatModule(id).codes),
) as Record<DiagnosticCode, CodeInfo>;
