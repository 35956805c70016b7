/**
 * The AFM format (Agent Flavored Markdown, `*.afm.md` / `*.afm`): detection, analysis and emitting.
 * See `docs/formats/afm.md` for the rules and where the product differs from the reference implementation.
 */
import type { FormatModule } from '../format-module.ts';
import { analyzeAfm } from './analyze-afm.ts';
import { afmRecord } from './format.ts';
import { detectorOf } from '../format-record.ts';
import { AFM_CODES } from './codes.ts';
import { emitAfm } from './emit-afm.ts';

/** The AFM format. */
export const afmFormat: FormatModule<typeof AFM_CODES> = {
  ...detectorOf(afmRecord),
  codes: AFM_CODES,
  analyze: analyzeAfm,
  emit: emitAfm,
};
