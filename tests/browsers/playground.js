/**
 * What a user sees and does in the playground, for the Firefox and WebKit stories: the same test ids and
 * readings as the Playwright page object (`tests/e2e/playground-page.ts`), through the DOM only (never the
 * app's code), over the engine-neutral `Scope` of `driver.js`.
 */
import { callSource } from './driver.js';
import { byTestId, check, poll, TEST_IDS, waitFor } from './harness.js';

/** @typedef {import('./driver.js').Scope} Scope */

export const EDITOR = `${byTestId(TEST_IDS.editor)} .cm-content`;
const CLICK_MARK = 'data-browsers-click';

/**
 * Clicks, with a real pointer click, the element `find` returns in the page (which marks it for the click).
 * @param {Scope} scope
 * @param {string} what
 * @param {(...args: any[]) => Element | null | undefined} find self-contained
 * @param {unknown[]} [args]
 */
export async function clickElement(scope, what, find, args = []) {
  const mark = `(() => {
    for (const old of document.querySelectorAll('[${CLICK_MARK}]')) old.removeAttribute('${CLICK_MARK}');
    const element = ${callSource(find, args)};
    if (!element) return false;
    element.setAttribute('${CLICK_MARK}', '');
    return true;
  })()`;
  await poll(what, () => scope.evalExpression(mark));
  await scope.click(`[${CLICK_MARK}]`);
}

/**
 * Waits until the editor is shown and the status line says the current text was checked.
 * @param {Scope} scope
 */
export async function waitUntilChecked(scope) {
  await waitFor(
    scope,
    'the status line to say "checked in N ms"',
    (editor, status) =>
      document.querySelector(editor) !== null &&
      /checked in \d+ ms/.test(document.querySelector(status)?.textContent ?? ''),
    [EDITOR, byTestId(TEST_IDS.analysisStatus)],
  );
}

/**
 * Waits until the status line says the workspace is saved.
 * @param {Scope} scope
 */
export async function waitUntilSaved(scope) {
  await waitFor(
    scope,
    'the status line to say "saved"',
    (status) => /·\s*saved\s*$/.test(document.querySelector(status)?.textContent ?? ''),
    [byTestId(TEST_IDS.analysisStatus)],
  );
}

/**
 * The text of the editor's rendered lines (the whole file when it is short: the editor renders only what
 * is in view, plus a margin).
 * @param {Scope} scope
 * @returns {Promise<string>}
 */
export function editorText(scope) {
  return scope.eval(
    (editor) =>
      [...(document.querySelector(editor)?.querySelectorAll('.cm-line') ?? [])]
        .map((line) => line.textContent)
        .join('\n'),
    EDITOR,
  );
}

/**
 * Waits until the editor shows `text`.
 * @param {Scope} scope
 * @param {string} text
 */
export async function waitForText(scope, text) {
  await waitFor(
    scope,
    `the editor to show ${JSON.stringify(text)}`,
    (editor, expected) =>
      [...(document.querySelector(editor)?.querySelectorAll('.cm-line') ?? [])]
        .map((line) => line.textContent)
        .join('\n') === expected,
    [EDITOR, text],
  );
}

/**
 * Copies `text` to the system clipboard the way a page can: `navigator.clipboard.writeText` in the click
 * handler of a button (a real click, so the browser sees a user gesture), on a button this helper puts on the
 * page for the moment.
 * @param {Scope} scope
 * @param {string} text
 */
async function copyToClipboard(scope, text) {
  await scope.eval((copied) => {
    const button = document.createElement('button');
    button.id = 'browsers-copy';
    button.textContent = 'copy';
    button.style.cssText = 'position:fixed;left:0;top:0;z-index:2147483647;width:40px;height:20px';
    button.addEventListener('click', () => {
      navigator.clipboard.writeText(copied).then(
        () => (button.dataset['copied'] = 'yes'),
        (error) => (button.dataset['copied'] = String(error)),
      );
    });
    document.body.append(button);
  }, text);
  await scope.click('#browsers-copy');
  const outcome = await waitFor(
    scope,
    'the clipboard to take the text',
    () => document.getElementById('browsers-copy')?.dataset['copied'],
  );
  await scope.eval(() => document.getElementById('browsers-copy')?.remove());
  check(outcome === 'yes', `navigator.clipboard.writeText failed: ${outcome}`);
}

/**
 * Selects all of the editor's text with Ctrl+A and pastes `text` over it with Ctrl+V, through the system
 * clipboard, then waits until the editor shows it (when it is short enough to be drawn whole).
 * @param {Scope} scope
 * @param {string} text
 * @param {{ long?: boolean }} [options] `long`: do not wait for the text (the editor draws only what is in view)
 */
export async function pasteIntoEditor(scope, text, { long = false } = {}) {
  await copyToClipboard(scope, text);
  await scope.click(EDITOR);
  await scope.chord('a');
  await scope.chord('v');
  if (!long) await waitForText(scope, text);
}

/**
 * Puts the editor's cursor `offset` characters into the first rendered line that contains `needle` (the
 * browser's selection, which the editor follows, as after a click there).
 * @param {Scope} scope
 * @param {string} needle
 * @param {number} offset from the start of `needle`; -1 for the end of the line
 * @param {string} [editor] the editor's content element (another page's CodeMirror)
 */
export async function placeCursor(scope, needle, offset, editor = EDITOR) {
  // Focus with a click on the first line drawn: a click in the middle of a long file's content element would
  // scroll to the middle of the file.
  await scope.click(`${editor} .cm-line`);
  await waitFor(
    scope,
    `a line with ${JSON.stringify(needle)} to put the cursor in`,
    (editor, search, at) => {
      const line = [...(document.querySelector(editor)?.querySelectorAll('.cm-line') ?? [])].find(
        (l) => l.textContent?.includes(search),
      );
      if (!line) return false;
      let target = at === -1 ? line.textContent.length : line.textContent.indexOf(search) + at;
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent?.length ?? 0;
        if (target <= length) {
          getSelection()?.setBaseAndExtent(node, target, node, target);
          return true;
        }
        target -= length;
      }
      return false;
    },
    [editor, needle, offset],
  );
  // The editor reads the browser's selection on its next `selectionchange`.
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * Shows a result tab (Cards, Output), or opens the Problems dock under the editor.
 * @param {Scope} scope
 * @param {'Cards' | 'Problems' | 'Output'} name
 */
export async function showTab(scope, name) {
  if (name === 'Problems') {
    // Problems is not a tab but a dock under the editor (open by default): open it when it is folded.
    const toggle = byTestId(TEST_IDS.problemsToggle);
    const folded = await scope.evalExpression(
      `document.querySelector(${JSON.stringify(toggle)})?.getAttribute('aria-expanded') === 'false'`,
    );
    if (folded) await scope.click(toggle);
    await waitFor(
      scope,
      'the Problems dock to be open',
      (selector) => document.querySelector(selector)?.getAttribute('aria-expanded') === 'true',
      [toggle],
    );
    return;
  }
  await clickElement(
    scope,
    `the ${name} tab`,
    (tabName) =>
      [...document.querySelectorAll('[role="tab"]')].find((t) =>
        t.textContent?.trim().startsWith(tabName),
      ),
    [name],
  );
  await waitFor(
    scope,
    `the ${name} tab to be selected`,
    (tabName) =>
      [...document.querySelectorAll('[role="tab"][aria-selected="true"]')].some((t) =>
        t.textContent?.trim().startsWith(tabName),
      ),
    [name],
  );
}

/**
 * How many Problems rows have diagnostic code `code`.
 * @param {Scope} scope
 * @param {string} code
 * @returns {Promise<number>}
 */
export function diagnosticCount(scope, code) {
  return scope.eval(
    (row, c) => document.querySelectorAll(`${row}[data-code="${c}"]`).length,
    byTestId(TEST_IDS.diagnosticRow),
    code,
  );
}

/**
 * The file list's paths, and the one open in the editor.
 * @param {Scope} scope
 * @returns {Promise<{ paths: string[], active: string | undefined }>}
 */
export function files(scope) {
  return scope.eval((item) => {
    const items = [...document.querySelectorAll(item)];
    return {
      paths: items.map((i) => i.textContent?.trim() ?? ''),
      active: items.find((i) => i.getAttribute('aria-current') === 'page')?.textContent?.trim(),
    };
  }, byTestId(TEST_IDS.fileItem));
}

/**
 * Waits for a banner whose text includes `text`, and resolves with its text.
 * @param {Scope} scope
 * @param {string} text
 * @returns {Promise<string>}
 */
export function waitForBanner(scope, text) {
  return waitFor(
    scope,
    `a banner saying ${JSON.stringify(text)}`,
    (banner, t) =>
      [...document.querySelectorAll(banner)]
        .map((b) => b.textContent ?? '')
        .find((b) => b.includes(t)),
    [byTestId(TEST_IDS.banner), text],
  );
}

/**
 * Opens the share dialog, reads the link it offers, and closes it.
 * @param {Scope} scope
 * @returns {Promise<string>}
 */
export async function shareLink(scope) {
  await scope.click(byTestId(TEST_IDS.shareButton));
  const link = await waitFor(
    scope,
    'the share dialog to offer a #v1: link',
    (field) => {
      const value = /** @type {HTMLInputElement | null} */ (document.querySelector(field))?.value;
      return value?.includes('#v1:') ? value : '';
    },
    [byTestId(TEST_IDS.shareLink)],
  );
  await clickElement(
    scope,
    "the share dialog's Close button",
    (dialog) =>
      [...(document.querySelector(dialog)?.querySelectorAll('button') ?? [])].find(
        (b) => b.textContent?.trim() === 'Close',
      ),
    [byTestId(TEST_IDS.shareDialog)],
  );
  return link;
}
