/**
 * Page object for the playground: what a user sees and does, so specs read as user stories. Locators go
 * through the test ids the components use (`src/app/test-ids.ts`) or through roles and accessible names.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { EXAMPLES } from '../../src/app/examples.ts';
import { TEST_IDS } from '../../src/app/test-ids.ts';
import { editorTextInPage } from './editor-text.ts';

/**
 * The result tabs on the right (Output, Cards, Graph) and the Problems dock under the editor, which
 * `showTab` opens as it shows a tab (on a phone, through the bottom bar).
 */
export type ResultTab = 'Cards' | 'Problems' | 'Output' | 'Graph';

/** The profile, reload mode and theme choices of the settings popover. */
export type ProfileChoice = 'rfc' | 'fast-agent';
export type ReloadChoice = 'hot-swap' | 'explicit';
export type ThemeChoice = 'auto' | 'light' | 'dark';

/** The playground page, with every console error and uncaught exception it produced. */
export class PlaygroundPage {
  /** The page's main heading. */
  readonly heading: Locator;
  /** Console errors and uncaught exceptions, in order, since this object was made. */
  readonly errors: string[] = [];

  /** The CodeMirror editor (its outer element). */
  readonly editor: Locator;
  /** The editable content of the editor, where typing goes. */
  readonly editorContent: Locator;
  /** Error squiggles: boxes the editor's squiggle layer draws under the text (one per row). */
  readonly errorSquiggles: Locator;
  /** The editor's keyboard hint (what Tab does), shown while the editor has focus. */
  readonly tabHint: Locator;
  /** The options of the editor's completion popup (Ctrl-Space), each labelled by what it inserts. */
  readonly completionOptions: Locator;
  /** The status line above the editor: analysis and saving state. */
  readonly status: Locator;
  /** The problem counts for screen readers (a polite live region, visually hidden). */
  readonly problemSummary: Locator;
  /** Every banner across the top. */
  readonly banners: Locator;

  readonly workspaceSelect: Locator;
  /** The header's Examples button, the gallery it opens and the gallery's examples (one button each). */
  readonly examplesButton: Locator;
  readonly examplesDialog: Locator;
  readonly exampleItems: Locator;
  /** The header's Settings button (its popover: profile, reload mode, theme) and theme toggle. */
  readonly settingsButton: Locator;
  readonly settingsPopover: Locator;
  readonly themeToggle: Locator;
  /** The phone's bottom bar (Editor, Problems, Output) and the phone header's menu button. */
  readonly paneBar: Locator;
  readonly menuButton: Locator;
  /** The Problems dock under the editor and its header, a toggle that shows the counts. */
  readonly problemsDock: Locator;
  readonly problemsToggle: Locator;
  readonly runButton: Locator;
  readonly shareButton: Locator;

  /** The file list in the sidebar, and one button per file in it. */
  readonly fileList: Locator;
  readonly fileItems: Locator;
  readonly newFileButton: Locator;

  /** The Cards tab: one row per card of the split. */
  readonly splitRows: Locator;
  /** The Problems tab: one row per diagnostic, the rows of errors only, and the counts line. */
  readonly diagnosticRows: Locator;
  readonly errorRows: Locator;
  readonly diagnosticCounts: Locator;
  /** The Output tab: the compiled JSON of the selected card. */
  readonly outputPanel: Locator;
  readonly outputJson: Locator;
  /** The three result panels together (everything that renders analysis results). */
  readonly panels: Locator;
  /** The Graph tab: its drawing, the drawn agents and references, and the nested-list alternative. */
  readonly graphPanel: Locator;
  readonly graphNodes: Locator;
  readonly graphEdges: Locator;
  readonly graphList: Locator;
  /** The Output tab's CEL panel for OpenAgentSpec agents, and its result rows (one per expression). */
  readonly engagementPanel: Locator;
  readonly expressionRows: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.editor = page.getByTestId(TEST_IDS.editor);
    this.editorContent = this.editor.locator('.cm-content');
    this.errorSquiggles = this.editor.locator('.cm-squiggle-error');
    this.tabHint = this.editor.locator('.cm-tab-hint');
    this.completionOptions = page.locator('.cm-tooltip-autocomplete [role="option"]');
    this.status = page.getByTestId(TEST_IDS.analysisStatus);
    this.problemSummary = page.getByTestId(TEST_IDS.problemSummary);
    this.banners = page.getByTestId(TEST_IDS.banner);
    this.workspaceSelect = page.getByTestId(TEST_IDS.workspaceSelect);
    this.examplesButton = page.getByTestId(TEST_IDS.examplesButton);
    this.examplesDialog = page.getByTestId(TEST_IDS.examplesDialog);
    this.exampleItems = this.examplesDialog.getByTestId(TEST_IDS.exampleItem);
    this.settingsButton = page.getByTestId(TEST_IDS.settingsButton);
    this.settingsPopover = page.getByTestId(TEST_IDS.settingsPopover);
    this.themeToggle = page.getByTestId(TEST_IDS.themeToggle);
    this.paneBar = page.getByTestId(TEST_IDS.paneBar);
    this.menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    this.problemsDock = page.getByTestId(TEST_IDS.problemsDock);
    this.problemsToggle = page.getByTestId(TEST_IDS.problemsToggle);
    this.runButton = page.getByTestId(TEST_IDS.runButton);
    this.shareButton = page.getByTestId(TEST_IDS.shareButton);
    this.fileList = page.getByTestId(TEST_IDS.fileList);
    this.fileItems = page.getByTestId(TEST_IDS.fileItem);
    this.newFileButton = page.getByTestId(TEST_IDS.newFile);
    this.splitRows = page.getByTestId(TEST_IDS.splitRow);
    this.diagnosticRows = page.getByTestId(TEST_IDS.diagnosticRow);
    this.errorRows = this.diagnosticRows.filter({ has: page.locator('[aria-label="error"]') });
    this.diagnosticCounts = page.getByTestId(TEST_IDS.diagnosticCounts);
    this.outputPanel = page.getByTestId(TEST_IDS.outputPanel);
    this.outputJson = page.getByTestId(TEST_IDS.outputJson);
    this.panels = page.getByRole('region', { name: 'Results' });
    this.graphPanel = page.getByTestId(TEST_IDS.graphPanel);
    this.graphNodes = this.graphPanel.getByTestId(TEST_IDS.graphNode);
    this.graphEdges = this.graphPanel.getByTestId(TEST_IDS.graphEdge);
    this.graphList = this.graphPanel.getByTestId(TEST_IDS.graphList);
    this.engagementPanel = page.getByTestId(TEST_IDS.engagementPanel);
    this.expressionRows = this.engagementPanel
      .getByRole('list', { name: 'Expression results' })
      .getByRole('listitem');
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => this.errors.push(`uncaught: ${error.message}`));
  }

  // ---- opening ----

  /** Opens the playground at `path` (a fragment may follow) and waits until the editor shows a file. */
  async open(path = '/'): Promise<void> {
    await this.page.goto(path, { waitUntil: 'load' });
    await this.waitUntilReady();
  }

  /** Reloads the page and waits until the editor shows a file again. */
  async reload(): Promise<void> {
    await this.page.reload({ waitUntil: 'load' });
    await this.waitUntilReady();
  }

  /** Waits for the editor to be mounted and the first analysis to be shown. */
  async waitUntilReady(): Promise<void> {
    await expect(this.editorContent).toBeVisible();
    await this.waitForChecked();
  }

  /**
   * Waits until the service worker controls the page, i.e. the build is precached and the playground
   * would open with no network.
   */
  async waitForOfflineReady(): Promise<void> {
    await this.page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => this.page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
  }

  // ---- status ----

  /** Waits until the results shown are those of the current text. */
  async waitForChecked(): Promise<void> {
    await expect(this.status).toHaveText(/checked in \d+ ms/);
    // Highlighting comes after the editor is shown: wait for it too, as a user reading the text would
    // (hovering a word of a line before it has its tokens would hover the whole line's box).
    await expect(this.editor.locator('.cm-editor')).toHaveAttribute('data-language', /\w/);
  }

  /**
   * Waits until the status line says the workspace is saved (not "unsaved", not "saving"), noticing it
   * within about 50 ms, as a user watching it would before reloading or sharing.
   */
  async waitForSaved(): Promise<void> {
    await expect
      .poll(() => this.status.textContent(), { intervals: [50] })
      .toMatch(/·\s*saved\s*$/);
  }

  /** The banner whose text matches `text`. */
  banner(text: string | RegExp): Locator {
    return this.banners.filter({ hasText: text });
  }

  /**
   * Starts recording the text of every banner that appears from now on, however briefly it stays;
   * read the record with `bannersShown()`.
   */
  async recordBanners(): Promise<void> {
    await this.page.evaluate((testId) => {
      const shown: string[] = [];
      (window as unknown as { __bannersShown: string[] }).__bannersShown = shown;
      const selector = `[data-testid="${testId}"]`;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLElement) {
              const found = node.matches(selector) ? [node] : [...node.querySelectorAll(selector)];
              for (const banner of found) shown.push(banner.textContent ?? '');
            }
      }).observe(document.body, { childList: true, subtree: true });
    }, TEST_IDS.banner);
  }

  /** The texts of the banners that appeared since `recordBanners()`. */
  bannersShown(): Promise<string[]> {
    return this.page.evaluate(
      () => (window as unknown as { __bannersShown: string[] }).__bannersShown,
    );
  }

  /**
   * Runs `work` while watching the page's main thread: every few milliseconds a `page.evaluate` round trip
   * (which the main thread must answer) is timed, and the browser's long-task observer records every task
   * that held the main thread. Resolves with the slowest round trip and the longest task, in ms. On a machine
   * shared with other work a round trip also waits for the CPU; the longest task is the page's own share.
   */
  async watchMainThreadWhile(
    work: () => Promise<void>,
  ): Promise<{ slowestRoundTrip: number; longestTask: number }> {
    await this.page.evaluate(() => {
      const tasks: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    let slowestRoundTrip = 0;
    let done = false;
    const probe = (async () => {
      while (!done) {
        const started = Date.now();
        await this.page.evaluate(() => 1);
        slowestRoundTrip = Math.max(slowestRoundTrip, Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    try {
      await work();
    } finally {
      done = true;
      await probe;
    }
    const tasks = await this.page.evaluate(
      () => (window as unknown as { __longTasks: number[] }).__longTasks,
    );
    return { slowestRoundTrip, longestTask: Math.max(0, ...tasks) };
  }

  // ---- editor ----

  /**
   * Replaces the whole text of the open file, as a paste would (select all, then insert), and waits until
   * the app holds it: the keyboard call can return before the page has handled the input, and a test
   * that reloads right after would then race the edit.
   */
  async replaceText(text: string): Promise<void> {
    await this.editorContent.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.insertText(text);
    await this.expectText(text);
  }

  /**
   * Moves the pointer onto `target` from outside the editor (a move to where the pointer already is starts
   * no hover) and expects `shown` to appear, as a user's hover over a word shows its tooltip the first time.
   */
  async hoverToShow(target: Locator, shown: Locator): Promise<void> {
    await this.page.mouse.move(0, 0);
    const box = await target.boundingBox();
    if (!box) throw new Error('nothing to hover');
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 2 });
    await expect(shown).toBeVisible();
  }

  /** Puts the cursor at the end of line `line` (1-based) of the open file. */
  async cursorToEndOfLine(line: number): Promise<void> {
    await this.editorContent.click();
    await this.page.keyboard.press('ControlOrMeta+Home');
    // ArrowDown moves by rows on screen, and a long line wraps into several: move until the gutter's
    // active line number says the cursor is on `line`.
    const activeLine = this.editor.locator('.cm-activeLineGutter');
    for (let i = 0; i < line * 4; i++) {
      if (Number((await activeLine.first().textContent())?.trim()) >= line) break;
      await this.page.keyboard.press('ArrowDown');
    }
    await expect(activeLine.first()).toHaveText(String(line));
    await this.page.keyboard.press('End');
  }

  /** Asks the editor for completions at the cursor (Ctrl-Space) and waits for the popup. */
  async requestCompletion(): Promise<void> {
    await this.page.keyboard.press('Control+Space');
    await expect(this.completionOptions.first()).toBeVisible();
  }

  /** The labels of the completion popup's options, in the order shown. */
  async completionLabels(): Promise<string[]> {
    return this.completionOptions.locator('.cm-completionLabel').allTextContents();
  }

  /**
   * The text under each error squiggle, in drawing order: what the browser finds at the left and right
   * ends of each squiggle box (the layer lets pointer hits through to the text).
   */
  async errorSquiggleTexts(): Promise<string[]> {
    return this.errorSquiggles.evaluateAll((boxes) =>
      boxes.map((box) => {
        const r = box.getBoundingClientRect();
        const y = r.top + r.height / 2;
        const start = document.caretRangeFromPoint(r.left + 1, y);
        const end = document.caretRangeFromPoint(r.right - 1, y);
        if (!start || !end) return '';
        const range = document.createRange();
        range.setStart(start.startContainer, start.startOffset);
        range.setEnd(end.endContainer, end.endOffset);
        return range.toString();
      }),
    );
  }

  /** Undoes the last edit in the editor (Ctrl/Cmd+Z). */
  async undo(): Promise<void> {
    await this.editorContent.focus();
    await this.page.keyboard.press('ControlOrMeta+Z');
  }

  /**
   * The text of the open file as the user gets it: the editor's rendered lines or, for a text too long for
   * the editor to render every line, the file the list's Download button saves.
   */
  async activeText(): Promise<string> {
    await this.editorContent.waitFor();
    const rendered = await this.page.evaluate(editorTextInPage);
    if (rendered?.whole) return rendered.text;
    const path = (await this.activeFile.textContent())?.trim() ?? '';
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: `Download ${path}`, exact: true }).click(),
    ]);
    const saved = await download.path();
    return readFile(saved, 'utf8');
  }

  /** The lines the editor renders from the top of a long text (CodeMirror leaves out those far below). */
  async visibleTextStart(): Promise<string> {
    await this.editorContent.waitFor();
    return (await this.page.evaluate(editorTextInPage))?.text ?? '';
  }

  /** Polls the open file's text until it equals `text`. */
  async expectText(text: string): Promise<void> {
    await expect.poll(() => this.activeText()).toBe(text);
  }

  /**
   * The revision of the analysis the panels show (the status line's `data-analysis-rev`); it grows with every
   * answer from the worker, even one that changes nothing a user can see.
   */
  async analysisRev(): Promise<number> {
    return Number(await this.status.getAttribute('data-analysis-rev'));
  }

  /** Crashes the analysis worker: an uncaught error inside it, as a bug in the checker would throw. */
  async crashWorker(): Promise<void> {
    const worker = this.page.workers().find((w) => w.url().includes('analysis.worker'));
    if (!worker) throw new Error('the page runs no analysis worker');
    await worker.evaluate(() => {
      setTimeout(() => {
        throw new Error('crash');
      });
    });
  }

  // ---- result panels ----

  /**
   * Shows one of the result tabs, or the Problems dock (opened if it was folded). On a phone the bottom bar
   * first switches to the pane that holds it.
   */
  async showTab(tab: ResultTab): Promise<void> {
    const phone = await this.paneBar.isVisible();
    if (tab === 'Problems') {
      if (phone) await this.paneButton('Problems').click();
      else if ((await this.problemsToggle.getAttribute('aria-expanded')) === 'false')
        await this.problemsToggle.click();
      await expect(this.problemsToggle).toHaveAttribute('aria-expanded', 'true');
      return;
    }
    if (phone) await this.paneButton('Output').click();
    const button = this.tab(tab);
    await button.click();
    await expect(button).toHaveAttribute('aria-selected', 'true');
  }

  /** A button of the phone's bottom bar. */
  paneButton(name: 'Editor' | 'Problems' | 'Output'): Locator {
    return this.paneBar.getByRole('button', { name: new RegExp(`^${name}\\b`) });
  }

  /** A result tab's button (Output, Cards, Graph). */
  tab(tab: Exclude<ResultTab, 'Problems'>): Locator {
    return this.page.getByRole('tab', { name: new RegExp(`^${tab}\\b`) });
  }

  /** The Problems rows with this diagnostic code. */
  diagnostics(code: string): Locator {
    return this.diagnosticRows.and(this.page.locator(`[data-code="${code}"]`));
  }

  /** The Cards row of the card called `name`. */
  splitRow(name: string): Locator {
    return this.splitRows.filter({
      has: this.page.locator('.name', { hasText: new RegExp(`^${escapeRegExp(name)}$`) }),
    });
  }

  /** The Graph view's node of the agent called `name`. */
  graphNode(name: string): Locator {
    return this.graphNodes.and(
      this.page.locator(`[data-name="${name.replace(/["\\]/g, '\\$&')}"]`),
    );
  }

  /** Selects the card called `name` in the Cards tab. */
  async selectCard(name: string): Promise<void> {
    await this.showTab('Cards');
    await this.splitRow(name).click();
    await expect(this.splitRow(name)).toHaveAttribute('aria-pressed', 'true');
  }

  // ---- files ----

  /** The sidebar button that opens `path`. */
  file(path: string): Locator {
    return this.fileItems.filter({ hasText: new RegExp(`^${escapeRegExp(path)}$`) });
  }

  /** The paths in the file list, in order. */
  filePaths(): Promise<string[]> {
    return this.fileItems.allTextContents().then((all) => all.map((t) => t.trim()));
  }

  /** The file list's button for the file shown in the editor. */
  get activeFile(): Locator {
    return this.fileItems.and(this.page.locator('[aria-current="page"]'));
  }

  /** Creates a file through the New file form. */
  async createFile(name: string): Promise<void> {
    await this.newFileButton.click();
    await this.fileList.getByLabel('File name').fill(name);
    await this.fileList.getByRole('button', { name: 'Create' }).click();
    await expect(this.activeFile).toHaveText(name);
  }

  /** What the New file or Rename field says under it (why a name is refused, or the name it becomes). */
  get fileNameNote(): Locator {
    return this.fileList.getByTestId(TEST_IDS.fileNameNote);
  }

  /** Renames a file through its rename button (Enter confirms). */
  async renameFile(from: string, to: string): Promise<void> {
    await this.fileList.getByRole('button', { name: `Rename ${from}` }).click();
    const input = this.fileList.getByLabel(`New name for ${from}`);
    await input.fill(to);
    await input.press('Enter');
  }

  /** Deletes a file through its delete button, confirming in the playground's dialog. */
  async deleteFile(path: string): Promise<void> {
    await this.fileList.getByRole('button', { name: `Delete ${path}` }).click();
    await this.answerQuestion('Delete');
  }

  /** Drops text files onto the playground, as a drag from the desktop would. */
  async dropFiles(files: Record<string, string>): Promise<void> {
    const dataTransfer = await this.page.evaluateHandle((entries) => {
      const dt = new DataTransfer();
      for (const [name, text] of Object.entries(entries))
        dt.items.add(new File([text], name, { type: 'text/markdown' }));
      return dt;
    }, files);
    // Onto the page's main area: the drop bubbles to the whole app, which takes files anywhere.
    const main = this.page.getByRole('main');
    await main.dispatchEvent('dragover', { dataTransfer });
    await main.dispatchEvent('drop', { dataTransfer });
    await dataTransfer.dispose();
  }

  // ---- toolbar ----

  /**
   * Runs `work` with the header's controls reachable: on a phone they sit in the menu, which is opened
   * first (and closed after, if still open).
   */
  async withHeader<T>(work: () => Promise<T>): Promise<T> {
    if (!(await this.menuButton.isVisible())) return work();
    await this.menuButton.click();
    const result = await work();
    await this.page.evaluate(() => {
      const menu = document.getElementById('header-menu');
      if (menu?.matches(':popover-open')) menu.hidePopover();
    });
    return result;
  }

  /**
   * Opens an example, by its title, from the Examples gallery: presses Examples (in the phone's menu
   * there), then the example, and waits for the gallery to close. When the Examples workspace was edited
   * the playground asks first: answer with `answerQuestion`.
   */
  async openExample(title: string): Promise<void> {
    const example = EXAMPLES.find((e) => e.title === title);
    if (!example) throw new Error(`no example is called ${title}`);
    await this.withHeader(() => this.examplesButton.click());
    await this.exampleItem(example.id).click();
    await expect(this.examplesDialog).toBeHidden();
  }

  /** The gallery's button of the example with this id. */
  exampleItem(id: string): Locator {
    return this.exampleItems.and(this.page.locator(`[data-id="${id}"]`));
  }

  /** Runs `work` with the settings popover open, and closes it after. */
  async inSettings<T>(work: (settings: Locator) => Promise<T>): Promise<T> {
    return this.withHeader(async () => {
      await this.settingsButton.click();
      await expect(this.settingsPopover).toBeVisible();
      const result = await work(this.settingsPopover);
      await this.page.keyboard.press('Escape');
      await expect(this.settingsPopover).toBeHidden();
      return result;
    });
  }

  /** The radio button of a setting's choice in the settings popover (visible only while it is open). */
  settingChoice(setting: 'Profile' | 'Reload' | 'Theme', choice: string): Locator {
    return this.settingsPopover
      .getByRole('group', { name: setting })
      .getByRole('radio', { name: new RegExp(`^${escapeRegExp(choice)}\\b`, 'i') });
  }

  /** Picks the profile in the settings popover. */
  async setProfile(profile: ProfileChoice): Promise<void> {
    await this.inSettings(() => this.settingChoice('Profile', profile).check());
  }

  /** Picks the reload mode in the settings popover. */
  async setReloadMode(mode: ReloadChoice): Promise<void> {
    await this.inSettings(() => this.settingChoice('Reload', mode).check());
  }

  /** Picks the theme in the settings popover (auto is labelled "System"). */
  async setTheme(theme: ThemeChoice): Promise<void> {
    await this.inSettings(() => this.settingChoice('Theme', THEME_LABELS[theme]).check());
  }

  /** The value of the checked choice of a setting, read from the settings popover. */
  async setting(setting: 'Profile' | 'Reload' | 'Theme'): Promise<string> {
    return this.inSettings((settings) =>
      settings.getByRole('group', { name: setting }).locator('input:checked').inputValue(),
    );
  }

  /** Opens the share dialog and returns the link it offers. */
  async shareLink(): Promise<string> {
    await this.shareButton.click();
    const link = this.page.getByTestId(TEST_IDS.shareLink);
    await expect(link).toHaveValue(/#v1:/);
    const value = await link.inputValue();
    await this.page
      .getByTestId(TEST_IDS.shareDialog)
      .getByRole('button', { name: 'Close' })
      .click();
    return value;
  }

  /**
   * Selects all of the open file's text and pastes `text` over it with the keyboard, through the real
   * clipboard (the browser's own paste event, as a user's Ctrl/Cmd+V gives).
   */
  async pasteIntoEditor(text: string): Promise<void> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.page.evaluate((pasted) => navigator.clipboard.writeText(pasted), text);
    await this.editorContent.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('ControlOrMeta+V');
  }

  /** Pastes text with the keyboard focus outside the editor (on the page itself). */
  async pasteOutsideEditor(text: string): Promise<void> {
    await this.page.evaluate((pasted) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', pasted);
      document.body.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }),
      );
    }, text);
  }

  /** Renames the open workspace through its rename button, typing `name` into the dialog's field. */
  async renameWorkspace(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Rename this workspace' }).click();
    await this.questionDialog.getByRole('textbox').fill(name);
    await this.answerQuestion('Rename');
  }

  /** Deletes the open workspace through its delete button, confirming in the playground's dialog. */
  async deleteWorkspace(): Promise<void> {
    await this.page.getByRole('button', { name: 'Delete this workspace' }).click();
    await this.answerQuestion('Delete');
  }

  /** The playground's own question dialog (confirmations, names). */
  get questionDialog(): Locator {
    return this.page.getByTestId(TEST_IDS.questionDialog);
  }

  /** Presses the button `label` of the open question dialog and waits for it to close. */
  async answerQuestion(label: string): Promise<void> {
    await this.questionDialog.getByRole('button', { name: label, exact: true }).click();
    await expect(this.questionDialog).toBeHidden();
  }

  // ---- formats ----

  /** The "Read as" menu above the editor (its first option says what was detected). */
  get formatSelect(): Locator {
    return this.page.getByTestId(TEST_IDS.formatSelect);
  }

  /** The text of the "Read as" menu's selected option. */
  formatShown(): Promise<string> {
    return this.formatSelect.locator('option:checked').innerText();
  }

  /** Converts the selected card from the Output tab and waits for the preview dialog. */
  async previewConversion(label: string, url?: string): Promise<Locator> {
    await this.showTab('Output');
    await this.page.getByTestId(TEST_IDS.convertSelect).selectOption({ label });
    if (url !== undefined) await this.page.getByTestId(TEST_IDS.convertUrl).fill(url);
    await this.page.getByTestId(TEST_IDS.convertButton).click();
    await expect(this.conversionDialog).toBeVisible();
    return this.conversionDialog;
  }

  /**
   * Converts the selected card and adds the result to the workspace, under the agent name `name` when
   * given (else the name the preview suggests); waits for the report.
   */
  async convertTo(label: string, url?: string, name?: string): Promise<Locator> {
    const dialog = await this.previewConversion(label, url);
    if (name === undefined) await dialog.getByRole('button', { name: /^Use / }).click();
    else await this.conversionName.fill(name);
    await this.conversionAction('Add to workspace').click();
    await expect(dialog).toBeHidden();
    return this.conversionReport;
  }

  /** The conversion preview, its name field, and the report of the last conversion written. */
  get conversionDialog(): Locator {
    return this.page.getByTestId(TEST_IDS.conversionDialog);
  }
  get conversionName(): Locator {
    return this.page.getByTestId(TEST_IDS.conversionName);
  }
  get conversionReport(): Locator {
    return this.page.getByTestId(TEST_IDS.conversionReport);
  }

  /** A button of the conversion preview: Copy, Download, Replace the original, Add to workspace, Close. */
  conversionAction(label: string): Locator {
    return this.conversionDialog.getByRole('button', { name: label, exact: true });
  }

  /** The Output tab's "To" menu of conversions, and its Convert button. */
  get convertSelect(): Locator {
    return this.page.getByTestId(TEST_IDS.convertSelect);
  }
  get convertButton(): Locator {
    return this.page.getByTestId(TEST_IDS.convertButton);
  }

  /** The labels of the "To" menu's options (its first says to choose). */
  convertOptions(): Promise<string[]> {
    return this.convertSelect
      .locator('option')
      .allTextContents()
      .then((all) => all.map((t) => t.trim()));
  }

  /** The labels of the workspace menu's options. */
  workspaceOptions(): Promise<string[]> {
    return this.workspaceSelect
      .locator('option')
      .allTextContents()
      .then((all) => all.map((t) => t.trim()));
  }
}

const THEME_LABELS: Record<ThemeChoice, string> = { auto: 'System', light: 'Light', dark: 'Dark' };

/** Escapes `text` for use inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
