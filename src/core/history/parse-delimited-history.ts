/**
 * The delimited history form (`.md`, `.txt`, anything not `.json`), read as fast-agent's `PromptTemplate`
 * and `load_prompt` do: `---USER`, `---ASSISTANT` and `---RESOURCE` lines split the text into sections.
 */
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

/** A `---RESOURCE` reference: the delimiter line and the (stripped) path on the line after it, if any. */
interface ResourceRef {
  delimiter: TextLine;
  pathLine: TextLine | undefined;
}

interface Section {
  role: Role;
  text: string;
  resources: ResourceRef[];
}

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
  readFile: ((path: string) => string | undefined) | undefined,
): { messages: HistoryMessage[]; diagnostics: RawDiagnostic[] } {
  const lines = splitLines(text);
  const stripped = lines.map((line) => pyStrip(text.slice(line.start, line.end)));
  const diagnostics: RawDiagnostic[] = [];
  if (!stripped.some((s) => ROLE_DELIMITERS.has(s) || s === RESOURCE_DELIMITER)) {
    return {
      messages: [{ role: 'user', content: [{ type: 'text', text: text.replace(/\r\n?/g, '\n') }] }],
      diagnostics,
    };
  }

  const sections: Section[] = [];
  const preamble: TextLine[] = [];
  let current:
    { role: Role; delimiter: TextLine; lines: TextLine[]; resources: ResourceRef[] } | undefined;
  let looseResources: ResourceRef[] = [];
  const joined = (from: TextLine[]): string =>
    from.map((line) => text.slice(line.start, line.end)).join('\n');
  const ignoreResources = (refs: ResourceRef[], why: string): void => {
    for (const ref of refs)
      diagnostics.push(
        ignored(`This resource ${why}; fast-agent ignores it`, text, ref.delimiter, ref.pathLine),
      );
  };
  const closeSection = (): void => {
    if (current === undefined) return;
    const { role, delimiter, lines: body, resources } = current;
    const range = stripRange(text, delimiter.start, delimiter.end);
    if (body.length === 0) {
      diagnostics.push(
        problem(
          'empty-history-block',
          `This ${roleName(role)} block has no lines and is dropped`,
          range.start,
          range.end,
        ),
      );
      ignoreResources(resources, 'is in a block with no text lines, which is dropped');
      return;
    }
    const sectionText = pyStrip(joined(body));
    if (sectionText === '' && resources.length === 0) {
      diagnostics.push(
        problem(
          'empty-history-block',
          `This ${roleName(role)} block is blank; fast-agent keeps it as an empty message`,
          range.start,
          range.end,
        ),
      );
    }
    sections.push({ role, text: sectionText, resources });
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const role = ROLE_DELIMITERS.get(stripped[i]!);
    if (stripped[i] === RESOURCE_DELIMITER) {
      const ref = { delimiter: line, pathLine: lines[i + 1] };
      (current?.resources ?? looseResources).push(ref);
      i++;
    } else if (role !== undefined) {
      if (current === undefined) {
        const preambleText = pyStrip(joined(preamble));
        if (preambleText !== '') sections.push({ role: 'user', text: preambleText, resources: [] });
        ignoreResources(looseResources, 'comes before the first ---USER or ---ASSISTANT line');
        looseResources = [];
      }
      closeSection();
      current = { role, delimiter: line, lines: [], resources: [] };
    } else if (current !== undefined) {
      current.lines.push(line);
    } else {
      preamble.push(line);
    }
  }
  if (current === undefined) {
    // Only ---RESOURCE delimiters: fast-agent never emits the text before them, nor their files.
    const range =
      preamble.length > 0
        ? stripRange(text, preamble[0]!.start, preamble[preamble.length - 1]!.end)
        : undefined;
    if (range !== undefined && range.start < range.end) {
      diagnostics.push(
        problem(
          'ignored-value',
          'No ---USER or ---ASSISTANT line follows this text; fast-agent ignores it',
          range.start,
          range.end,
        ),
      );
    }
    ignoreResources(looseResources, 'is not in a ---USER or ---ASSISTANT block');
  }
  closeSection();

  const messages: HistoryMessage[] = [];
  for (const section of sections) {
    const parts: HistoryPart[] = [{ type: 'text', text: section.text }];
    for (const ref of section.resources) {
      const part = loadResource(ref, text, path, readFile, diagnostics);
      if (part !== undefined) parts.push(part);
    }
    const last = messages[messages.length - 1];
    if (last?.role === section.role) last.content.push(...parts);
    else messages.push({ role: section.role, content: parts });
  }
  return { messages, diagnostics };
}

function loadResource(
  ref: ResourceRef,
  text: string,
  path: string,
  readFile: ((path: string) => string | undefined) | undefined,
  diagnostics: RawDiagnostic[],
): HistoryPart | undefined {
  if (readFile === undefined) return undefined;
  const at =
    ref.pathLine === undefined ? undefined : stripRange(text, ref.pathLine.start, ref.pathLine.end);
  if (at === undefined || at.start === at.end) {
    const range = stripRange(text, ref.delimiter.start, ref.delimiter.end);
    const where = at === undefined ? 'ends the file' : 'is followed by a blank line';
    diagnostics.push(
      problem(
        'resource-not-found',
        `This ---RESOURCE line ${where}, so it names no file`,
        range.start,
        range.end,
      ),
    );
    return undefined;
  }
  const resourcePath = text.slice(at.start, at.end);
  const resolved = resolveResourcePath(path, resourcePath);
  const content = readFile(resolved);
  if (content === undefined) {
    diagnostics.push(
      problem(
        'resource-not-found',
        `Resource file "${resolved}" is not in the load-set`,
        at.start,
        at.end,
      ),
    );
    return undefined;
  }
  return embedResource(resourcePath, resolved, content);
}

/** An `ignored-value` warning over a resource reference (the delimiter and its path line). */
function ignored(
  message: string,
  text: string,
  delimiter: TextLine,
  pathLine: TextLine | undefined,
): RawDiagnostic {
  const from = stripRange(text, delimiter.start, delimiter.end).start;
  const end = pathLine === undefined ? delimiter : pathLine;
  const to = Math.max(from, stripRange(text, end.start, end.end).end);
  return problem('ignored-value', message, from, to);
}

function roleName(role: Role): string {
  return role === 'user' ? '---USER' : '---ASSISTANT';
}
