/**
 * The loaded form of a history file: what fast-agent's `load_prompt` hands the agent, reduced to what a
 * checker shows. Plain, structured-cloneable data.
 */

/**
 * One content part of a history message, named after MCP's content block types.
 * - `text`: the text, exactly as loaded (delimited sections are stripped; JSON text is kept verbatim).
 * - `image` / `audio`: the data itself is not kept. `uri` is set for an image embedded from a `---RESOURCE` file.
 * - `resource`: an embedded resource. `text` is present for text resources and absent for binary (blob) ones;
 *   `---RESOURCE` files get `resource://fast-agent/<file name>` URIs.
 * - `resource_link`: a link to a resource that is not embedded.
 */
export type HistoryPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mimeType: string; uri?: string }
  | { type: 'audio'; mimeType: string }
  | { type: 'resource'; uri: string; mimeType?: string; text?: string }
  | { type: 'resource_link'; uri: string; name: string; mimeType?: string };

/**
 * One message of a loaded history. `content` may be empty: fast-agent keeps JSON messages that only carry tool
 * calls or tool results (which are not represented here).
 */
export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: HistoryPart[];
}
