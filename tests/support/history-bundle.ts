/**
 * A Markdown bundle of three cards (`first`, `second`, `third`) whose first card has inline `---USER` /
 * `---ASSISTANT` history blocks: the case where moving the history to a file once carried every later card
 * with it. Shared by the core, CLI and browser tests of "fixes never move card text".
 */
export const HISTORY_BUNDLE = `---
type: agent
name: first
---
Be first.
---USER
hi
---ASSISTANT
hello

---
type: agent
name: second
---
Second.

---
type: agent
name: third
---
Third.
`;
