import {
  agentGraph,
  checkLoadSet,
  graphToDot,
  graphToMermaid,
  localCalendarDate,
  type Profile,
} from '../core/index.ts';
import {
  HELP_OPTION,
  optionHelp,
  type OptionTable,
  parseOptions,
  PROFILE_OPTION,
  ROOT_OPTIONS,
} from './cli-options.ts';
import { EXIT, EXIT_CODES_HELP, usageError, type Io } from './io.ts';
import { loadPaths } from './load-paths.ts';
import { boundedIsDirectory, diskReader, readBoundary } from './read-boundary.ts';
import { terminalJson } from './terminal-text.ts';

/** What `agentcard graph` can print. */
export const GRAPH_FORMATS = ['json', 'mermaid', 'dot'] as const;

/** The options of `agentcard graph`, in the order `--help` lists them. */
export const GRAPH_OPTIONS = {
  format: {
    type: 'string',
    value: 'FORMAT',
    choices: GRAPH_FORMATS,
    help: 'json (default): {nodes, edges}; mermaid: a flowchart for Markdown;\ndot: a Graphviz digraph',
  },
  profile: PROFILE_OPTION,
  ...ROOT_OPTIONS,
  help: HELP_OPTION,
} as const satisfies OptionTable;

/** `agentcard graph --help`. */
export const GRAPH_USAGE = `Usage: agentcard graph [options] PATH...

Prints the graph of a load-set: one node per agent (any format) with its type, file, line, status
(ok, error, missing) and what it uses (MCP servers and their tool filters, function tools and hooks,
history files, model), and one edge per reference between agents (chain sequence, parallel fan_out and
fan_in, agents, generator and evaluator, MAKER worker), cycles marked. The graph is printed even when
cards have errors; the exit code says whether they do (see 'agentcard check' for the problems).

Options:
${optionHelp(GRAPH_OPTIONS)}

Formats:
  json     {"nodes": [{"id", "name", "type", "file", "line", "status", "uses"}],
            "edges": [{"from", "to", "kind", "order", "cycle"}]}
  mermaid  a Mermaid flowchart, left to right: paste it into a \`\`\`mermaid block of a README
  dot      a Graphviz digraph: agentcard graph --format dot PATH | dot -Tsvg > graph.svg

${EXIT_CODES_HELP}`;

/** Runs `agentcard graph` (the arguments after the command name) and returns the exit code. */
export function runGraph(args: readonly string[], io: Io): number {
  const parsed = parseOptions(args, GRAPH_OPTIONS);
  if ('problem' in parsed) return usageError(io, 'agentcard graph', parsed.problem);
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(GRAPH_USAGE + '\n');
    return EXIT.ok;
  }
  if (positionals.length === 0) return usageError(io, 'agentcard graph', 'no PATH given');
  const boundary = readBoundary(
    {
      root: values.root,
      allowOutsideRoot: values['allow-outside-root'] === true,
      paths: positionals,
    },
    io.cwd,
  );
  if (typeof boundary === 'string') return usageError(io, 'agentcard graph', boundary);
  const loaded = loadPaths(positionals, io.cwd);
  if (loaded.errors.length > 0) {
    for (const error of loaded.errors) io.err(`agentcard: ${error}\n`);
    return EXIT.usage;
  }
  const result = checkLoadSet(loaded.files, {
    profile: (values.profile ?? 'rfc') as Profile,
    cards: loaded.cards,
    discovered: loaded.discovered,
    readFile: diskReader(loaded, boundary, io.cwd),
    today: localCalendarDate(io.now?.() ?? new Date()),
    isDirectory: boundedIsDirectory(boundary, io.cwd),
  });
  const graph = agentGraph(result);
  const format = values.format ?? 'json';
  if (format === 'mermaid') io.out(graphToMermaid(graph));
  else if (format === 'dot') io.out(graphToDot(graph));
  else io.out(terminalJson(graph, 2) + '\n');
  const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
  if (errors === 0) return EXIT.ok;
  io.err(
    `agentcard graph: ${errors} error${errors === 1 ? '' : 's'} in the cards; run 'agentcard check' to see them\n`,
  );
  return EXIT.errors;
}
