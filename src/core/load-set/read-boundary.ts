/**
 * The reads of one check: the load-set's own files first, then the host's `readFile` hook, with the size
 * cap. A refused or too-large file is reported once (`input-too-large`) and read as absent.
 */
import { problem, type RawDiagnostic } from '../diagnostics.ts';
import { isRefusal, type ReadFileHook, type ReadRefusal } from '../model/read-hook.ts';

/** Largest file the checker reads (characters); larger ones get `input-too-large`. */
export const MAX_FILE_CHARS = 16 * 1024 * 1024;

/** Reads load-set paths for one check, reporting each file that is too large once through `report`. */
export class LoadSetReader {
  private tooLarge = new Set<string>();

  constructor(
    private readonly files: Readonly<Record<string, string>>,
    private readonly readFile: ReadFileHook | undefined,
    private readonly report: (file: string, d: RawDiagnostic) => void,
  ) {}

  /** The text of `path`: undefined when absent or too large, or the hook's `outside-root` refusal. */
  readonly lookup = (path: string): string | undefined | ReadRefusal => {
    const text = Object.hasOwn(this.files, path) ? this.files[path] : this.readFile?.(path);
    if (isRefusal(text)) {
      if (text.refused === 'outside-root') return text;
      this.reportTooLarge(
        path,
        `The file has ${text.size} bytes; at most ${text.limit} bytes are read`,
      );
      return undefined;
    }
    if (text === undefined || text.length <= MAX_FILE_CHARS) return text;
    this.reportTooLarge(
      path,
      `The file has ${text.length} characters; the checker reads at most ${MAX_FILE_CHARS}`,
    );
    return undefined;
  };

  /** The text of `path`, undefined when absent, too large or refused. */
  readonly read = (path: string): string | undefined => {
    const text = this.lookup(path);
    return typeof text === 'string' ? text : undefined;
  };

  private reportTooLarge(path: string, message: string): void {
    if (this.tooLarge.has(path)) return;
    this.tooLarge.add(path);
    this.report(path, problem('input-too-large', message, 0, 0));
  }
}
