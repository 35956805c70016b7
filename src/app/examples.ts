/** The Examples gallery: the RFC's own examples, then one per other format, each a small workspace. */
export interface Example {
  /** Stable and URL-safe: `?example=ID` opens it. */
  id: string;
  /** A short title: the gallery's heading for it and, with "(example)", the name of its workspace. */
  title: string;
  /** One line of what it shows, under the title in the gallery. */
  summary: string;
  files: Record<string, string>;
  active: string;
  /**
   * The diagnostic codes the example opens with, on purpose, one per problem, sorted: what it means to
   * show (the RFC's own YAML error, fast-agent's portability warnings for bundles, a format's notes).
   * Anything else it shows is a bug in the example or the checker (tests hold it to this).
   */
  shows: readonly string[];
}

const sizer = `---
type: agent
name: sizer
---
Given an object, respond only with an estimate of its size.
`;

const yamlBundle = `---
type: agent
name: sizer
instruction: |
  Given an object, respond only with an estimate of its size.
---
type: agent
name: greeter
instruction: |
  Respond cheerfully.
`;

const mdBundle = `---
type: agent
name: agent-name
---
You are a helpful assistant.

---
type: agent
name: agent-name2
---
You are a helpful assistant #2.
`;

const chainBundle = `---
type: agent
name: url_fetcher
servers:
  - fetch
---
Given a URL, provide a complete and comprehensive summary.

---
type: agent
name: social_media
---
Write a 280 character social media post for any given text.
Respond only with the post, never use hashtags.

---
type: chain
name: post_writer
sequence:
  - url_fetcher
  - social_media
instruction: "Generate a short social media post from a URL summary."
---
---USER
http://llmindset.co.uk
`;

const pmo = `---
type: agent
name: PMO-orchestrator
default: true
servers:  # mcp servers
  - time:
      tools: [get_time]       # exact tool
  - github:
      tools: [search_*]       # pattern
  - filesystem                # all tools
function_tools:
  - tools.py:local_summarize
  - tools.py:local_redact
agents:
  - NY-Project-Manager
  - London-Project-Manager
history_mode: scratch
max_parallel: 128
child_timeout_sec: 120
max_display_instances: 20
tool_hooks:
  - tools.py:audit_hook
  - tools.py:safety_guard
    match:
      server: github
      tool: search_*
  - hook: tools.py:rate_limit
    predicate: "ctx.tool_type in {'mcp','function'}"
---

---SYSTEM
Get reports. Always use one tool call per project/news.
Responsibilities: NY projects: [OpenAI, Fast-Agent, Anthropic].
London news: [Economics, Art, Culture].
Aggregate results and add a one-line PMO summary.

---USER
Provide the latest NY and London updates.

---ASSISTANT
Understood. I will fetch updates and return a concise PMO summary.
`;

const historyCard = `---
type: agent
name: support
messages:
  - ./history.md
  - ./fewshot.json
---
You answer questions about orders, briefly and politely.

---USER
Can I change the delivery address?

---ASSISTANT
Yes, until the parcel ships. Which order is it?
`;

const historyFile = `Hello, my order has not arrived.
---ASSISTANT
Sorry to hear that. What is the order number?
---USER
It is 4512.
`;

const fewshot = `{
  "messages": [
    { "role": "user", "content": { "type": "text", "text": "Where is my parcel?" } },
    { "role": "assistant", "content": { "type": "text", "text": "Let me check the tracking number for you." } }
  ]
}
`;

// Examples of the other formats the playground reads (written for the playground).
const afmTutor = `---
spec_version: 0.3.0
name: Unit Converter
description: Converts between metric and imperial units.
model:
  name: gpt-4.1
  authentication:
    type: bearer
    token: \${env:OPENAI_API_KEY}
interfaces:
  - type: consolechat
max_iterations: 5
---

# Role

You convert quantities between units.

# Instructions

Ask for the unit when the user leaves it out. Show the formula you used.
`;

const openAgentSpec = `kind: openagentspec:v1/agent
name: page-reader
description: Reads web pages and summarises them.
intent: Summarise the pages the user names, and nothing else.
owner: docs-team@example.com
capabilities:
  fetch:
    input_restriction:
      assertion: recent.fetch.inputs.url.startsWith("https://")
guardrails:
  output:
    tool_name: toxicity
    assertion: score < 0.5
exposes:
  last_url: recent.fetch.inputs.url
lifespan:
  retain_memory: false
`;

const tsAgentConfig = `{
  "metadata": {
    "name": "Trip Planner",
    "description": "Plans short trips.",
    "version": "1.0.0",
    "created": "2025-05-01T09:00:00.000Z",
    "lastAccessed": "2025-05-01T09:00:00.000Z",
    "tools": [
      {
        "name": "suggest_day",
        "description": "Suggests a day plan for a city.",
        "parameters": {
          "type": "object",
          "properties": { "city": { "type": "string" } },
          "required": ["city"]
        },
        "prompt": "Plan one day in {city}."
      }
    ]
  },
  "settings": { "maxChatTurns": "20", "temperature": "0.4", "mostRecentModel": "gemini:flash" }
}
`;

const tsAgentRule = `---
{"name": "budget", "description": "Keep to a budget", "priorityLevel": 100, "include": "always"}
---
Always give a rough cost for each suggestion.
`;

const a2aCard = `{
  "protocolVersion": "0.3.0",
  "name": "Currency Helper",
  "description": "Converts amounts between currencies at today's rates.",
  "url": "https://agents.example.com/currency/a2a",
  "preferredTransport": "JSONRPC",
  "version": "1.2.0",
  "capabilities": { "streaming": true },
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain", "application/json"],
  "skills": [
    {
      "id": "convert",
      "name": "Convert an amount",
      "description": "Converts an amount from one currency to another.",
      "tags": ["currency", "finance"],
      "examples": ["How much is 20 EUR in JPY?"]
    }
  ]
}
`;

/** Every example, in gallery order (the first is what a new visitor sees). */
export const EXAMPLES: readonly Example[] = [
  {
    id: 'md-card',
    title: 'Markdown card',
    summary:
      'One agent in a Markdown file: the frontmatter holds its fields, the body is its instruction.',
    files: { 'sizer.md': sizer },
    active: 'sizer.md',
    shows: [],
  },
  {
    id: 'yaml-bundle',
    title: 'YAML bundle',
    summary:
      'Two agents in one YAML stream, each with its instruction as a field, and what fast-agent reads differently.',
    files: { 'agents.yaml': yamlBundle },
    active: 'agents.yaml',
    shows: ['portability'],
  },
  {
    id: 'md-bundle',
    title: 'Markdown bundle',
    summary:
      'Two Markdown cards in one file, each starting with its own frontmatter, and what fast-agent reads differently.',
    files: { 'agents.md': mdBundle },
    active: 'agents.md',
    shows: ['portability'],
  },
  {
    id: 'chain',
    title: 'Chain bundle',
    summary:
      'Two agents and the post_writer chain that runs them in sequence: url_fetcher → social_media.',
    files: { 'post_writer.md': chainBundle },
    active: 'post_writer.md',
    shows: ['portability', 'portability'],
  },
  {
    id: 'history',
    title: 'History preload',
    summary:
      'A card that preloads a conversation from a Markdown file, a JSON file and its own ---USER blocks.',
    files: { 'support.md': historyCard, 'history.md': historyFile, 'fewshot.json': fewshot },
    active: 'support.md',
    shows: ['portability', 'portability'],
  },
  {
    id: 'pmo',
    title: 'PMO orchestrator',
    summary:
      "The RFC's orchestrator, with tool filters, function tools and hooks, and the YAML error it ships with.",
    files: { 'PMO-orchestrator.md': pmo },
    active: 'PMO-orchestrator.md',
    shows: ['portability', 'portability', 'yaml-syntax'],
  },
  {
    id: 'afm',
    title: 'AFM agent',
    summary:
      'Agent Flavored Markdown: a model, an interface and an ${env:…} variable in the frontmatter.',
    files: { 'unit_converter.afm.md': afmTutor },
    active: 'unit_converter.afm.md',
    shows: ['afm-variable'],
  },
  {
    id: 'openagentspec',
    title: 'OpenAgentSpec agent',
    summary:
      'Capabilities and guardrails with CEL assertions, evaluated against a sample Engagement in Output.',
    files: { 'page-reader.yaml': openAgentSpec },
    active: 'page-reader.yaml',
    shows: ['oas-name-rule'],
  },
  {
    id: 'tsagent',
    title: 'TsAgent folder',
    summary: 'A TsAgent agent folder: tsagent.json with a tool, a system prompt and a rule.',
    files: {
      'trip-planner/tsagent.json': tsAgentConfig,
      'trip-planner/prompt.md': 'You plan short trips. Ask for dates and budget first.\n',
      'trip-planner/rules/budget.mdt': tsAgentRule,
    },
    active: 'trip-planner/tsagent.json',
    shows: [],
  },
  {
    id: 'a2a',
    title: 'A2A AgentCard',
    summary: 'An A2A agent-card.json: where the agent is served, what it can do and one skill.',
    files: { 'agent-card.json': a2aCard },
    active: 'agent-card.json',
    shows: [],
  },
];
