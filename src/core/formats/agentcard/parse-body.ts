import { problem, type RawDiagnostic } from '../../diagnostics.ts';
import type { Profile } from '../../model/agent-types.ts';
import { lineText, scanLines } from '../../text/text-lines.ts';

/** A message seeded by an inline `---USER` / `---ASSISTANT` block. Offsets are absolute. */
export interface InlineMessage {
  role: 'user' | 'assistant';
  text: string;
  from: number;
  to: number;
}

/** What a card body contributes: system text (or null), inline history, and problems. */
export interface ParsedBody {
  instruction: string | null;
  messages: InlineMessage[];
  diagnostics: RawDiagnostic[];
}

const BLOCK = /^---(SYSTEM|USER|ASSISTANT)[ \t]*$/;
const FAST_AGENT_HISTORY = new Set(['---USER', '---ASSISTANT', '---RESOURCE']);

/**
 * Reads a card body (`text.slice(from, to)`). RFC: without message blocks the whole body is system text;
 * with blocks, text before the first block plus every `---SYSTEM` block is system text and `---USER` /
 * `---ASSISTANT` blocks seed history. fast-agent: any `---USER`/`---ASSISTANT`/`---RESOURCE` line is an
 * error, only a leading `---SYSTEM` line is dropped, and the rest is the instruction.
 */
export function parseBody(text: string, from: number, to: number, profile: Profile): ParsedBody {
  return profile === 'rfc' ? parseRfcBody(text, from, to) : parseFastAgentBody(text, from, to);
}

function parseRfcBody(text: string, from: number, to: number): ParsedBody {
  const out: ParsedBody = { instruction: null, messages: [], diagnostics: [] };
  const body = text.slice(from, to);
  const lines = scanLines(body);
  const blocks: Array<{ kind: string; line: number }> = [];
  lines.forEach((line, i) => {
    const match = BLOCK.exec(lineText(body, line));
    if (match) blocks.push({ kind: match[1]!, line: i });
  });
  if (blocks.length === 0) {
    out.instruction = nonEmpty(body.trim());
    return out;
  }
  const system: string[] = [];
  const firstLine = lines[blocks[0]!.line]!;
  const prelude = body.slice(0, firstLine.start).trim();
  if (prelude) system.push(prelude);
  blocks.forEach((block, k) => {
    const header = lines[block.line]!;
    const end = k + 1 < blocks.length ? lines[blocks[k + 1]!.line]!.start : body.length;
    const content = body.slice(header.next, end).trim();
    const at: [number, number] = [from + header.start, from + header.end];
    if (block.kind !== 'SYSTEM') readHistoryBlock(block.kind, content, at, from + end, out);
    else {
      if (content) system.push(content);
      if (k > 0 || prelude) {
        out.diagnostics.push(
          problem(
            'portability',
            'fast-agent 0.10.9 drops only a leading `---SYSTEM` line; this one stays in the instruction as text',
            at[0],
            at[1],
          ),
        );
      }
    }
  });
  out.instruction = nonEmpty(system.join('\n\n'));
  return out;
}

/** A `---USER` / `---ASSISTANT` block (header at `at`, ending at `end`): a message of `out`, if not empty. */
function readHistoryBlock(
  kind: string,
  content: string,
  at: [number, number],
  end: number,
  out: ParsedBody,
): void {
  out.diagnostics.push(
    problem(
      'portability',
      'fast-agent 0.10.9 rejects inline history blocks in a card body; put the history in a `messages:` file',
      at[0],
      at[1],
    ),
  );
  if (!content) {
    out.diagnostics.push(
      problem(
        'empty-history-block',
        `This \`---${kind}\` block has no text and is dropped`,
        at[0],
        at[1],
      ),
    );
    return;
  }
  out.messages.push({
    role: kind === 'USER' ? 'user' : 'assistant',
    text: content,
    from: at[0],
    to: end,
  });
}

function parseFastAgentBody(text: string, from: number, to: number): ParsedBody {
  const out: ParsedBody = { instruction: null, messages: [], diagnostics: [] };
  const body = text.slice(from, to);
  const lines = scanLines(body);
  let dropFrom = -1;
  let dropTo = -1;
  let sawText = false;
  for (const line of lines) {
    const stripped = lineText(body, line).trim();
    if (FAST_AGENT_HISTORY.has(stripped)) {
      out.diagnostics.push(
        problem(
          'inline-history',
          `fast-agent does not support inline history blocks (\`${stripped}\`) inside a card body; use a \`messages:\` file`,
          from + line.start,
          from + line.end,
        ),
      );
    }
    if (!sawText && stripped !== '') {
      sawText = true;
      if (stripped === '---SYSTEM') {
        dropFrom = line.start;
        dropTo = line.next;
      }
    }
  }
  const kept = dropFrom === -1 ? body : body.slice(0, dropFrom) + body.slice(dropTo);
  out.instruction = nonEmpty(kept.trim());
  return out;
}

function nonEmpty(s: string): string | null {
  return s === '' ? null : s;
}
