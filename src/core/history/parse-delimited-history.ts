/**
 * The delimited history form (`.md`, `.txt`, anything not `.json`), read as fast-agent's `PromptTemplate`
 * and `load_prompt` do: `---USER`, `---ASSISTANT` and `---RESOURCE` lines split the text into sections.
 */
import { isRefusal, outsideRootProblem, type ReadFileHook } from '../model/read-hook.ts';
import { problem, type RawDiagnostic } from '../diagnostics.ts';
import type { HistoryMessage, HistoryPart } from './history-message.ts';
import { pyStrip, splitLines, stripRange, type TextLine } from './python-text.ts';
import { embedResource, resolveResourcePath } from './resource-file.ts';

type Role = HistoryMessage['role'];

const ROLE_DELIMITERS: ReadonlyMap<string, Role> = new Map([
  ['---USER', 'user'],
  ['---ASSISTANT', 'assistant'],
]);
const RESOURCE_DELIMITER = '---RESOURCE';

/** A `---RESOURCE` reference: the delimiter line, and the line after it (the path) when there is one. */
interface ResourceRef {
  delimiter: TextLine;
  pathLine: TextLine | undefined;
}

/** A section being read: its role delimiter line, its text lines, and its resources. */
interface OpenSection {
  role: Role;
  delimiter: TextLine;
  lines: TextLine[];
  resources: ResourceRef[];
}

/** A finished section, as fast-agent's `PromptContent`: stripped text and resource references. */
interface Section {
  role: Role;
  text: string;
  resources: ResourceRef[];
}

type ReadFile = ReadFileHook;

/**
 * Reads a delimited history. Rules, all from fast-agent 0.10.9:
 * - Delimiters are matched on the stripped line, case-sensitively; `\r\n` and `\r` end lines like `\n`.
 * - A text with no delimiter line is one user message holding the whole text, unstripped.
 * - Text before the first role delimiter is a user section, but only once a role delimiter follows.
 * - A section's text is its lines joined and stripped. A section with no lines at all is dropped; one whose
 *   lines are blank is kept as an empty text part.
 * - `---RESOURCE` takes the next line (whatever it holds) as a path relative to the history file. Its file is
 *   embedded after the section's text; resources before the first role delimiter or in a dropped section are
 *   ignored.
 * - Consecutive messages of the same role merge into one message with several parts.
 *
 * `readFile` gets resolved paths; without it, resources are neither embedded nor reported.
 */
export function parseDelimitedHistory(
  text: string,
  path: string,
  readFile: ReadFile | undefined,
): { messages: HistoryMessage[]; diagnostics: RawDiagnostic[] } {
  const lines = splitLines(text);
  const stripped = lines.map((line) => pyStrip(text.slice(line.start, line.end)));
  if (!stripped.some((s) => ROLE_DELIMITERS.has(s) || s === RESOURCE_DELIMITER)) {
    const whole = text.replace(/\r\n?/g, '\n');
    return {
      messages: [{ role: 'user', content: [{ type: 'text', text: whole }] }],
      diagnostics: [],
    };
  }
  const reader = new SectionReader(text);
  for (let i = 0; i < lines.length; i++) {
    const role = ROLE_DELIMITERS.get(stripped[i]!);
    if (stripped[i] === RESOURCE_DELIMITER)
      reader.resource({ delimiter: lines[i]!, pathLine: lines[++i] });
    else if (role !== undefined) reader.startSection(role, lines[i]!);
    else reader.line(lines[i]!);
  }
  const { sections, diagnostics } = reader.finish();

  const messages: HistoryMessage[] = [];
  for (const section of sections) {
    const parts: HistoryPart[] = [{ type: 'text', text: section.text }];
    for (const ref of section.resources) {
      const part = readFile && loadResource(ref, text, path, readFile, diagnostics);
      if (part) parts.push(part);
    }
    const last = messages[messages.length - 1];
    if (last?.role === section.role) for (const part of parts) last.content.push(part);
    else messages.push({ role: section.role, content: parts });
  }
  diagnostics.sort((a, b) => a.from - b.from);
  return { messages, diagnostics };
}

/** The section state machine of fast-agent's `_TemplateParseState`, plus warnings for what it ignores. */
class SectionReader {
  private readonly sections: Section[] = [];
  private readonly diagnostics: RawDiagnostic[] = [];
  private readonly preamble: TextLine[] = [];
  private looseResources: ResourceRef[] = [];
  private current: OpenSection | undefined;

  constructor(private readonly text: string) {}

  line(line: TextLine): void {
    (this.current?.lines ?? this.preamble).push(line);
  }

  resource(ref: ResourceRef): void {
    (this.current?.resources ?? this.looseResources).push(ref);
  }

  startSection(role: Role, delimiter: TextLine): void {
    if (this.current === undefined) {
      const preamble = pyStrip(this.joined(this.preamble));
      if (preamble !== '') this.sections.push({ role: 'user', text: preamble, resources: [] });
      this.ignore(this.looseResources, 'comes before the first ---USER or ---ASSISTANT line');
      this.looseResources = [];
    }
    this.closeSection();
    this.current = { role, delimiter, lines: [], resources: [] };
  }

  finish(): { sections: Section[]; diagnostics: RawDiagnostic[] } {
    if (this.current === undefined) {
      // Only ---RESOURCE delimiters: fast-agent never emits the text around them, nor their files.
      for (const run of contiguousRuns(this.preamble)) {
        const { start, end } = stripRange(this.text, run.start, run.end);
        const message = 'No ---USER or ---ASSISTANT line follows this text; fast-agent ignores it';
        if (start < end) this.diagnostics.push(problem('ignored-value', message, start, end));
      }
      this.ignore(this.looseResources, 'is not in a ---USER or ---ASSISTANT block');
    }
    this.closeSection();
    return { sections: this.sections, diagnostics: this.diagnostics };
  }

  private closeSection(): void {
    if (this.current === undefined) return;
    const { role, delimiter, lines, resources } = this.current;
    const { start, end } = stripRange(this.text, delimiter.start, delimiter.end);
    const name = role === 'user' ? '---USER' : '---ASSISTANT';
    if (lines.length === 0) {
      const message = `This ${name} block has no lines and is dropped`;
      this.diagnostics.push(problem('empty-history-block', message, start, end));
      this.ignore(resources, 'is in a block with no text lines, which is dropped');
      return;
    }
    const text = pyStrip(this.joined(lines));
    if (text === '' && resources.length === 0) {
      const message = `This ${name} block is blank; fast-agent keeps it as an empty message`;
      this.diagnostics.push(problem('empty-history-block', message, start, end));
    }
    this.sections.push({ role, text, resources });
  }

  private joined(lines: TextLine[]): string {
    return lines.map((line) => this.text.slice(line.start, line.end)).join('\n');
  }

  /** Warns `ignored-value` over each reference: its delimiter through its path line. */
  private ignore(refs: ResourceRef[], why: string): void {
    for (const { delimiter, pathLine } of refs) {
      const from = stripRange(this.text, delimiter.start, delimiter.end).start;
      const last = pathLine ?? delimiter;
      const to = Math.max(from, stripRange(this.text, last.start, last.end).end);
      this.diagnostics.push(
        problem('ignored-value', `This resource ${why}; fast-agent ignores it`, from, to),
      );
    }
  }
}

/** Merges lines separated only by their line breaks (not by skipped `---RESOURCE` lines) into ranges. */
function contiguousRuns(lines: TextLine[]): TextLine[] {
  const runs: TextLine[] = [];
  for (const line of lines) {
    const last = runs[runs.length - 1];
    if (last !== undefined && line.start - last.end <= 2) last.end = line.end;
    else runs.push({ ...line });
  }
  return runs;
}

/** Embeds the file a reference names, or warns `resource-not-found` and returns undefined. */
function loadResource(
  ref: ResourceRef,
  text: string,
  path: string,
  readFile: ReadFile,
  diagnostics: RawDiagnostic[],
): HistoryPart | undefined {
  const at = ref.pathLine && stripRange(text, ref.pathLine.start, ref.pathLine.end);
  if (at === undefined || at.start === at.end) {
    const { start, end } = stripRange(text, ref.delimiter.start, ref.delimiter.end);
    const where = at === undefined ? 'ends the file' : 'is followed by a blank line';
    const message = `This ---RESOURCE line ${where}, so it names no file`;
    diagnostics.push(problem('resource-not-found', message, start, end));
    return undefined;
  }
  const resourcePath = text.slice(at.start, at.end);
  const resolved = resolveResourcePath(path, resourcePath);
  const content = readFile(resolved);
  if (isRefusal(content)) {
    diagnostics.push(outsideRootProblem(resolved, at.start, at.end));
    return undefined;
  }
  if (content === undefined) {
    const message = `Resource file "${resolved}" is not in the load-set`;
    diagnostics.push(problem('resource-not-found', message, at.start, at.end));
    return undefined;
  }
  return embedResource(resourcePath, resolved, content);
}
