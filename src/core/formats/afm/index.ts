/**
 * The AFM format (Agent Flavored Markdown, `*.afm.md` / `*.afm`): detection, analysis and emitting.
 * See `docs/formats/afm.md` for the rules and where the product differs from the reference implementation.
 */
import type { FormatModule } from '../format-module.ts';
import { analyzeAfm } from './analyze-afm.ts';
import { afmDetector } from './detector.ts';
import { emitAfm } from './emit-afm.ts';

/** The AFM format. */
export const afmFormat: FormatModule = {
  ...afmDetector,
  analyze: analyzeAfm,
  emit: emitAfm,
};
