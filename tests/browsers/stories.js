/**
 * The main user stories, written once for every engine (see docs/testing.md, "Firefox and WebKit"). They run
 * in order in one browser session: the share link of one story is what the next ones open.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  byTestId,
  check,
  checkEqual,
  EMBED_TEST_IDS,
  importSelfContained,
  poll,
  TEST_IDS,
  waitFor,
} from './harness.js';
import { elementPage, iframePage } from './docs-site.js';
import {
  diagnosticCount,
  editorText,
  EDITOR,
  files,
  pasteIntoEditor,
  placeCursor,
  shareLink,
  showTab,
  waitForBanner,
  waitForText,
  waitUntilChecked,
  waitUntilSaved,
} from './playground.js';

/** The longest frame URL the element hands a frame (Firefox's limit). */
const { MAX_EMBED_URL } = await importSelfContained('src/embed/element/embed-url.ts');

/** The Chromium story's bundle and keys (tests/e2e/large-bundle.spec.ts). */
const { makeLargeBundle, LARGE_BUNDLE_CARDS, LARGE_BUNDLE_TYPED } = await importSelfContained(
  'tests/support/large-bundle.ts',
);

/** @typedef {import('./driver.js').Engine} Engine */
/** @typedef {import('./driver.js').Scope} Scope */
/** @typedef {import('./driver.js').Tab} Tab */

const WITH_TYPO = `---
type: agent
name: forecaster
descripton: Forecasts the weather.
---
Answer with tomorrow's weather in one sentence.
`;
const FIXED = WITH_TYPO.replace('descripton', 'description');
// A chain of one AFM agent: its reference resolves only while the worker keeps both files.
const CHAIN_OF_AFM = `---
type: chain
name: lesson
description: Runs the keeper.
sequence: [Lighthouse Keeper]
---
`;
// An AFM agent (a fixture of the AFM tests) named 'Lighthouse Keeper'.
const AFM_KEEPER = readFileSync(
  fileURLToPath(new URL('../fixtures/afm/lighthouse_keeper.afm.md', import.meta.url)),
  'utf8',
);
const CHAIN_WITHOUT_SEQUENCE = `---
type: chain
name: offline_chain
---
`;

/**
 * @typedef {object} Servers
 * @property {string} playground the origin of the built playground (vite preview)
 * @property {{ origin: string, serve: (path: string, html: string) => void }} docs a docs site on another origin
 * @property {() => Promise<{ origin: string, stop: () => Promise<void> }>} startOffline another server of the
 *   build, on an origin of its own, that the offline story stops
 */

/**
 * Opens `url` in `tab` and waits until the playground shows its checked files.
 * @param {Tab} tab
 * @param {string} url
 */
async function open(tab, url) {
  await tab.goto(url);
  await waitUntilChecked(tab);
}

/**
 * Runs every story on `engine`.
 * @param {Engine} engine
 * @param {import('./harness.js').Runner} runner
 * @param {Servers} servers
 */
export async function runStories(engine, runner, servers) {
  const { playground } = servers;
  const tab = await engine.main.newTab();
  /** @type {string} */
  let link = '';
  /** @type {{ paths: string[], active: string | undefined }} */
  let sent = { paths: [], active: undefined };

  await runner.story(
    'a pasted card with a typo shows the problem; the fix clears it and shows the output',
    async () => {
      await open(tab, `${playground}/`);
      await pasteIntoEditor(tab, WITH_TYPO);
      await waitUntilChecked(tab);
      await showTab(tab, 'Problems');
      await waitFor(
        tab,
        'an unknown-field problem',
        (row) => document.querySelector(row) !== null,
        [`${byTestId(TEST_IDS.diagnosticRow)}[data-code="unknown-field"]`],
      );
      await waitFor(
        tab,
        'an error squiggle in the editor',
        (editor) => document.querySelector(`${editor} .cm-squiggle-error`) !== null,
        [byTestId(TEST_IDS.editor)],
      );
      // One real key press: "descript|on" becomes "description".
      await placeCursor(tab, 'descripton', 8);
      await tab.type('i');
      await waitForText(tab, FIXED);
      await waitUntilChecked(tab);
      await poll(
        'the problem to go',
        async () => (await diagnosticCount(tab, 'unknown-field')) === 0,
      );
      await showTab(tab, 'Output');
      const output = await waitFor(
        tab,
        'the compiled output',
        (json) =>
          document.querySelector(json)?.textContent?.includes('forecaster') &&
          document.querySelector(json)?.textContent,
        [byTestId(TEST_IDS.outputJson)],
      );
      check(output.includes('Forecasts the weather.'), `the output has no description: ${output}`);
    },
  );

  await runner.story(
    'after a reload the workspace is back',
    async () => {
      await waitUntilSaved(tab);
      await tab.reload();
      await waitUntilChecked(tab);
      await waitForText(tab, FIXED);
    },
    {
      needs: [
        'a pasted card with a typo shows the problem; the fix clears it and shows the output',
      ],
    },
  );

  await runner.story(
    'a shared link opens the same files in a fresh profile',
    async () => {
      sent = await files(tab);
      link = await shareLink(tab);
      check(link.startsWith(`${playground}/#v1:`), `unexpected link ${link}`);
      const recipient = await engine.freshProfile();
      try {
        const other = await recipient.newTab();
        await open(other, link);
        await waitForText(other, FIXED);
        checkEqual(await files(other), sent, 'the files the link opened');
        const url = await other.eval(() => location.href);
        check(!url.includes('#v1:'), `the link stays in the address bar: ${url}`);

        // A character changed in the middle of the link: a message, not a crash or a blank page.
        const payload = link.slice(link.indexOf('#v1:') + 4);
        const middle = Math.floor(payload.length / 2);
        const swapped = payload[middle] === 'A' ? 'B' : 'A';
        const corrupted = `${link.slice(0, link.length - payload.length)}${payload.slice(0, middle)}${swapped}${payload.slice(middle + 1)}`;
        const third = await recipient.newTab();
        await third.goto(corrupted);
        await waitForBanner(third, 'This link could not be opened');
        await waitFor(third, 'the editor', (editor) => document.querySelector(editor) !== null, [
          EDITOR,
        ]);
      } finally {
        await recipient.close();
      }
    },
    { needs: ['after a reload the workspace is back'] },
  );

  await runner.story(
    'two tabs on one workspace: a save in one shows the conflict banner in the other',
    async () => {
      const second = await engine.main.newTab();
      try {
        await open(second, `${playground}/`);
        await waitForText(second, FIXED);
        await placeCursor(second, 'one sentence.', -1);
        await second.type(' Be brief.');
        await waitUntilSaved(second);
        await waitForBanner(tab, 'This workspace was changed in another tab');
      } finally {
        await second.close();
      }
    },
    { needs: ['after a reload the workspace is back'] },
  );

  await runner.story(
    'a docs page on another origin shows an iframe embed that follows its height and reports',
    async () => {
      servers.docs.serve('/iframe.html', iframePage(playground, link.slice(link.indexOf('#'))));
      await tab.goto(`${servers.docs.origin}/iframe.html`);
      const embed = await tab.frame(() => document.getElementById('embed-1'));
      await waitFor(
        embed,
        'the embed to show the shared card',
        (editor) => document.querySelector(editor)?.textContent?.includes('name: forecaster'),
        [EDITOR],
      );
      await waitForMessages(tab, 'embed-1', ['ready', 'resize', 'diagnostics', 'compiled']);
      await waitFor(tab, 'the host script to show the counts', () =>
        /^\d+ error\(s\), \d+ warning\(s\)$/.test(
          document.getElementById('status-1')?.textContent ?? '',
        ),
      );
      const before = await expectSizedToContent(tab, embed, () =>
        document.getElementById('embed-1'),
      );
      const diagnosticsBefore = (await messagesOf(tab, 'embed-1', 'diagnostics')).length;
      await placeCursor(embed, 'one sentence.', -1);
      await embed.type('\nA second line.\nA third line.\nA fourth line.');
      await poll(
        'the embed to report the edit',
        async () => (await messagesOf(tab, 'embed-1', 'diagnostics')).length > diagnosticsBefore,
      );
      const after = await expectSizedToContent(
        tab,
        embed,
        () => document.getElementById('embed-1'),
        before,
      );
      check(
        after > before,
        `the iframe did not grow with its text (${before} px, then ${after} px)`,
      );
    },
    { needs: ['a shared link opens the same files in a fresh profile'] },
  );

  await runner.story(
    'a docs page on another origin shows the <agentcard-playground> element with its events',
    async () => {
      servers.docs.serve('/element.html', elementPage(playground, WITH_TYPO));
      await tab.goto(`${servers.docs.origin}/element.html`);
      const findFrame = () => document.getElementById('first')?.shadowRoot?.querySelector('iframe');
      const embed = await poll('the element to make its frame', () => tab.frame(findFrame));
      await waitFor(
        embed,
        'the element to show its inline card',
        (editor) => document.querySelector(editor)?.textContent?.includes('descripton: Forecasts'),
        [EDITOR],
      );
      const diagnostics = await waitFor(tab, 'ready, diagnostics and compiled events', () => {
        const events = /** @type {any} */ (window).__events.filter((e) => e.target === 'first');
        const types = new Set(events.map((e) => e.type));
        return types.has('ready') && types.has('compiled')
          ? events.filter((e) => e.type === 'diagnostics').at(-1)?.detail
          : undefined;
      });
      check(
        diagnostics.diagnostics.some((d) => d.code === 'unknown-field'),
        `the diagnostics event does not report the typo: ${JSON.stringify(diagnostics)} ${JSON.stringify(await tab.eval(() => window.__events.filter((e) => e.target === 'first').map((e) => [e.type, e.detail?.counts ?? e.detail?.selected?.name])))} ${JSON.stringify(await embed.eval(() => globalThis.__acLog))}`,
      );
      await waitFor(
        embed,
        "the embed's own counts",
        (counts) => document.querySelector(counts) !== null,
        [byTestId(EMBED_TEST_IDS.counts)],
      );
      await expectSizedToContent(tab, embed, findFrame);
    },
  );

  await runner.story(
    "a card naming an agent of another format stays resolved after that format's reader loads",
    async () => {
      // The AFM file makes the worker load AFM's reader (a chunk of its own) during the first check; the
      // edit after it is checked with the load-set the worker keeps (only the edited file is sent).
      servers.docs.serve(
        '/element-formats.html',
        elementPage(playground, CHAIN_OF_AFM, [{ file: 'keeper.afm.md', text: AFM_KEEPER }]),
      );
      await tab.goto(`${servers.docs.origin}/element-formats.html`);
      const findFrame = () => document.getElementById('first')?.shadowRoot?.querySelector('iframe');
      const embed = await poll('the element to make its frame', () => tab.frame(findFrame));
      const lastEvent = (/** @type {string} */ type) =>
        tab.eval(
          (t) =>
            /** @type {any} */ (window).__events
              .filter((e) => e.target === 'first' && e.type === t)
              .at(-1)?.detail,
          type,
        );
      const eventCount = () =>
        tab.eval(
          () =>
            /** @type {any} */ (window).__events.filter(
              (e) => e.target === 'first' && e.type === 'diagnostics',
            ).length,
        );
      await waitFor(
        tab,
        'both agents compiled',
        () =>
          /** @type {any} */ (window).__events
            .filter((e) => e.target === 'first' && e.type === 'compiled')
            .at(-1)?.detail.agents.length === 2,
      );
      const before = await eventCount();
      await placeCursor(embed, 'Runs the keeper.', -1);
      await embed.type(' Twice.');
      await poll('a check of the edit', async () => (await eventCount()) > before);
      await waitFor(
        embed,
        'the edit in the editor',
        (editor) =>
          document.querySelector(editor)?.textContent?.includes('Runs the keeper. Twice.'),
        [EDITOR],
      );
      await poll('the check of the whole edit', async () => {
        const compiled = await lastEvent('compiled');
        return compiled?.selected?.data?.config?.description === 'Runs the keeper. Twice.';
      });
      const diagnostics = await lastEvent('diagnostics');
      checkEqual(
        diagnostics.diagnostics.map((/** @type {any} */ d) => d.code),
        ['default-instruction'],
        'the codes after the edit',
      );
      checkEqual(
        (await lastEvent('compiled')).agents.map((/** @type {any} */ a) => a.name),
        ['lesson', 'Lighthouse Keeper'],
        'the agents after the edit',
      );
    },
  );

  // The longest story last but one: it leaves a 1 MB bundle in the main profile's workspace.
  await runner.story(
    'typing in a pasted 1 MB bundle of 1,000 cards stays responsive',
    async (note) => {
      await open(tab, `${playground}/`);
      await pasteIntoEditor(tab, makeLargeBundle(), { long: true });
      await waitFor(
        tab,
        'the Cards tab to count the bundle',
        (count) =>
          [...document.querySelectorAll('[role="tab"]')].some(
            (t) => t.textContent?.trim() === `Cards (${count})`,
          ),
        [LARGE_BUNDLE_CARDS],
        60_000,
      );
      await waitUntilChecked(tab);
      await showTab(tab, 'Problems');
      // The paste left the cursor at the end: Ctrl+Home goes back to the first card.
      await tab.click(`${EDITOR} .cm-line`);
      await tab.chord('Home');
      await waitFor(
        tab,
        'the first card in view',
        (editor) =>
          document.querySelector(`${editor} .cm-line`)?.textContent === '---' &&
          [...document.querySelectorAll(`${editor} .cm-line`)].some(
            (l) => l.textContent === 'name: card_0',
          ),
        [EDITOR],
      );
      await placeCursor(tab, 'type: agent', -1);
      const longTasksSupported = await tab.eval(startWatchingMainThread);
      const started = Date.now();
      await tab.type(LARGE_BUNDLE_TYPED);
      const typingMs = Date.now() - started;
      await waitFor(
        tab,
        'the typed line in the editor',
        (editor) => document.querySelector(editor)?.textContent?.includes('bogus_field_name: 1'),
        [EDITOR],
      );
      const lines = (await editorText(tab)).split('\n');
      const at = lines.indexOf('bogus_field_name: 1');
      checkEqual(
        lines.slice(at - 2, at + 2),
        ['---', 'type: agent', 'bogus_field_name: 1', 'name: card_0'],
        'the lines around the typed one',
      );
      await waitUntilChecked(tab);
      await poll(
        'one unknown-field problem',
        async () => (await diagnosticCount(tab, 'unknown-field')) === 1,
      );
      /** @type {{ longestTask: number | null, longestFrameGap: number, frames: number }} */
      const watched = await tab.eval(() => /** @type {any} */ (window).__mainThread.stop());
      note(
        `typing ${LARGE_BUNDLE_TYPED.length} keys took ${typingMs} ms; ` +
          (longTasksSupported
            ? `longest task ${watched.longestTask} ms (PerformanceObserver 'longtask')`
            : `no 'longtask' entries in this engine; longest gap between frames ${watched.longestFrameGap.toFixed(0)} ms over ${watched.frames} frames`) +
          ' (informative only: see npm run bench)',
      );
    },
  );

  await runner.story(
    'after the first visit the playground reloads and checks cards with no network',
    async () => {
      const server = await servers.startOffline();
      let stopped = false;
      try {
        const offline = await engine.main.newTab();
        await open(offline, `${server.origin}/`);
        const supported = await offline.eval(() => 'serviceWorker' in navigator);
        check(supported, 'this browser gives the page no navigator.serviceWorker');
        await waitFor(
          offline,
          'the service worker to control the page',
          () => navigator.serviceWorker.controller !== null,
          [],
          60_000,
        );
        await pasteIntoEditor(offline, WITH_TYPO);
        await waitUntilSaved(offline);
        await server.stop();
        stopped = true;
        await offline.reload();
        await waitUntilChecked(offline);
        await waitForText(offline, WITH_TYPO);
        const schema = await offline.eval(async () => {
          try {
            return (await fetch('/schemas/v1/agentcard.schema.json')).status;
          } catch {
            return 'failed';
          }
        });
        checkEqual(schema, 'failed', 'a fetch of what the service worker does not keep');
        await pasteIntoEditor(offline, CHAIN_WITHOUT_SEQUENCE);
        await waitUntilChecked(offline);
        await showTab(offline, 'Problems');
        await poll(
          'a missing-field problem',
          async () => (await diagnosticCount(offline, 'missing-field')) === 1,
        );
        await offline.close();
      } finally {
        if (!stopped) await server.stop();
      }
    },
  );

  await runner.story(
    "a frame URL as long as the element's limit loads; in Firefox one character more does not",
    async () => {
      // A page of the docs site frames a page of its own that tells its URL's length: only the URL's length
      // matters (the limit is the URL parser's), so no embed is needed.
      servers.docs.serve(
        '/url-length.html',
        '<!doctype html><script>parent.postMessage({ length: location.href.length }, "*")</script>',
      );
      servers.docs.serve('/url-limit.html', '<!doctype html><title>URL limit</title><body></body>');
      const page = await engine.main.newTab();
      await page.goto(`${servers.docs.origin}/url-limit.html`);
      /** @param {number} length @returns {Promise<number | null>} */
      const load = (length) =>
        page.eval(
          (origin, total) =>
            new Promise((resolve) => {
              const base = `${origin}/url-length.html?embed#v1:`;
              const frame = document.createElement('iframe');
              const timer = setTimeout(() => {
                frame.remove();
                resolve(null);
              }, 15_000);
              addEventListener('message', function told(event) {
                if (event.source !== frame.contentWindow) return;
                removeEventListener('message', told);
                clearTimeout(timer);
                frame.remove();
                resolve(event.data.length);
              });
              frame.src = base + 'A'.repeat(total - base.length);
              document.body.append(frame);
            }),
          servers.docs.origin,
          length,
        );
      checkEqual(
        await load(MAX_EMBED_URL),
        MAX_EMBED_URL,
        'the length a frame of the limit reports',
      );
      if (engine.name.startsWith('Firefox'))
        checkEqual(await load(MAX_EMBED_URL + 1), null, 'a frame one character over the limit');
      await page.close();
    },
  );
}

/**
 * Installed in the page before typing: records long tasks where the engine reports them, and the gaps between
 * animation frames everywhere. `window.__mainThread.stop()` ends the watch and gives the figures.
 * @returns {boolean} whether the engine reports long tasks
 */
function startWatchingMainThread() {
  const supported = PerformanceObserver.supportedEntryTypes.includes('longtask');
  const tasks = [];
  const observer = supported
    ? new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      })
    : undefined;
  observer?.observe({ type: 'longtask' });
  let last = performance.now();
  let longestFrameGap = 0;
  let frames = 0;
  let running = true;
  const frame = (now) => {
    longestFrameGap = Math.max(longestFrameGap, now - last);
    last = now;
    frames++;
    if (running) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  /** @type {any} */ (window).__mainThread = {
    stop: () => {
      running = false;
      observer?.disconnect();
      return { longestTask: supported ? Math.max(0, ...tasks) : null, longestFrameGap, frames };
    },
  };
  return supported;
}

/**
 * The messages of one type the docs page received from one embed.
 * @param {Scope} host
 * @param {string} from
 * @param {string} type
 * @returns {Promise<any[]>}
 */
function messagesOf(host, from, type) {
  return host.eval(
    (f, t) =>
      /** @type {any} */ (window).__received.filter((m) => m.from === f && m.data?.type === t),
    from,
    type,
  );
}

/**
 * Waits until the docs page received each of `types` from the embed `from`, all from the playground's origin.
 * @param {Scope} host
 * @param {string} from
 * @param {string[]} types
 */
async function waitForMessages(host, from, types) {
  await waitFor(
    host,
    `the messages ${types.join(', ')} from ${from}`,
    (f, wanted) => {
      const mine = /** @type {any} */ (window).__received.filter((m) => m.from === f);
      return wanted.every((t) => mine.some((m) => m.data?.type === t));
    },
    [from, types],
  );
}

/**
 * Waits until the iframe `findFrame` gives is as tall as the embed's content (within a pixel), and different
 * from `previous` when given; resolves with its height.
 * @param {Scope} host
 * @param {Scope} embed
 * @param {() => Element | null | undefined} findFrame
 * @param {number} [previous]
 * @returns {Promise<number>}
 */
async function expectSizedToContent(host, embed, findFrame, previous) {
  let last = '';
  return poll('the iframe to be as tall as its content', async () => {
    /** @type {number | undefined} */
    const iframe = await host
      .evalExpression(`(${findFrame.toString()})()?.getBoundingClientRect().height`)
      .catch(() => undefined);
    const content = await embed.eval(() =>
      Math.ceil(document.getElementById('embed')?.getBoundingClientRect().height ?? 0),
    );
    last = `${iframe} / ${content}`;
    if (iframe === undefined || content === 0 || iframe === previous) return 0;
    return Math.abs(iframe - content) <= 1 ? iframe : 0;
  }).catch((error) => {
    throw new Error(
      `${error instanceof Error ? error.message : error} (iframe / content: ${last})`,
    );
  });
}
