/**
 * One small interface over two maintained WebDriver clients, so the stories in `stories.js` are written once
 * for every engine: `puppeteer-core` drives Debian's Firefox ESR over WebDriver BiDi, `selenium-webdriver`
 * drives WebKitGTK's `MiniBrowser` through Debian's `WebKitWebDriver` (classic WebDriver).
 *
 * A `Scope` is a document the stories act in (a tab, or an iframe inside one): it runs a function in the page,
 * clicks, and sends real key presses. A `Tab` is a top-level scope that can navigate; a `Profile` is a fresh
 * browser profile (its own storage) that opens tabs. Everything a user does goes through the browser's own
 * input (WebDriver actions), never through the app's code.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import puppeteer from 'puppeteer-core';
import { Builder, By, Capabilities, Key } from 'selenium-webdriver';

export const FIREFOX = '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * @typedef {object} Scope
 * @property {(expression: string) => Promise<any>} evalExpression Evaluates JavaScript source in the document
 *   (as the automation, so a page's Content-Security-Policy without 'unsafe-eval' allows it), awaiting a
 *   promise it gives.
 * @property {<T>(fn: (...args: any[]) => T | Promise<T>, ...args: unknown[]) => Promise<T>} eval
 *   Runs `fn` (self-contained: it is sent as source) in the document with JSON-able `args`.
 * @property {(selector: string) => Promise<void>} click A real pointer click on the first match of `selector`.
 * @property {(text: string) => Promise<void>} type Real key presses of `text` ("\n" is Enter) to the focus.
 * @property {(key: 'a' | 'v' | 'Home' | 'End') => Promise<void>} chord Ctrl + `key`.
 * @property {() => Promise<void>} backspace One press of Backspace.
 * @property {(findFrame: () => Element | null | undefined) => Promise<Scope>} frame The document of the iframe
 *   `findFrame` returns (run in this document).
 */

/**
 * @typedef {Scope & {
 *   goto(url: string): Promise<void>,
 *   reload(): Promise<void>,
 *   close(): Promise<void>,
 * }} Tab
 */

/**
 * @typedef {object} Profile
 * @property {() => Promise<Tab>} newTab
 * @property {() => Promise<void>} close
 */

/**
 * @typedef {object} Engine
 * @property {string} name
 * @property {string} version The browser's own version string.
 * @property {Profile} main The profile the session started with.
 * @property {() => Promise<Profile>} freshProfile A new profile with empty storage.
 * @property {() => Promise<void>} quit
 */

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// ---- Firefox (puppeteer-core, WebDriver BiDi) ----

/**
 * Starts Firefox ESR headless with a throw-away profile.
 * @returns {Promise<Engine>}
 */
export async function launchFirefox() {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocolTimeout: 60_000,
  });
  /** @param {import('puppeteer-core').BrowserContext} context @returns {Profile} */
  const profile = (context) => ({
    newTab: async () => puppeteerTab(await newPage(context)),
    close: () => context.close(),
  });
  return {
    name: 'Firefox ESR',
    version: (await browser.version()).replace('firefox/', ''),
    main: profile(browser.defaultBrowserContext()),
    freshProfile: async () => profile(await browser.createBrowserContext()),
    quit: () => browser.close(),
  };
}

/** The window size of every tab (Playwright's suite and the benchmark use about this size too). */
export const VIEWPORT = { width: 1280, height: 800 };

/** @param {import('puppeteer-core').BrowserContext} context */
async function newPage(context) {
  const page = await context.newPage();
  try {
    await page.setViewport(VIEWPORT);
  } catch (error) {
    // puppeteer sends `emulation.setScreenOrientationOverride` with the viewport, a command Firefox ESR
    // 140 does not know; then the viewport alone, through the tab's BiDi browsing context.
    if (!String(error).includes('unknown command emulation.setScreenOrientationOverride'))
      throw error;
    /** @type {any} */
    const frame = page.mainFrame();
    await frame.browsingContext.setViewport({ viewport: VIEWPORT, devicePixelRatio: null });
  }
  // The window may take a moment to take the new size.
  let size = [0, 0];
  for (let waited = 0; waited <= 5_000; waited += 100) {
    size = await page.evaluate(() => [window.innerWidth, window.innerHeight]);
    if (size[0] === VIEWPORT.width && size[1] === VIEWPORT.height) return page;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the tab is ${size.join('×')}, not ${VIEWPORT.width}×${VIEWPORT.height}`);
}

/**
 * @param {import('puppeteer-core').Page} page
 * @returns {Tab}
 */
function puppeteerTab(page) {
  page.setDefaultTimeout(30_000);
  return {
    ...puppeteerScope(page, page.mainFrame()),
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    close: () => page.close(),
  };
}

/**
 * @param {import('puppeteer-core').Page} page
 * @param {import('puppeteer-core').Frame} frame
 * @param {() => Promise<{ x: number, y: number }>} [origin] Where the frame's viewport starts on the
 *   page's (the main frame: 0, 0).
 * @returns {Scope}
 */
function puppeteerScope(page, frame, origin = async () => ({ x: 0, y: 0 })) {
  return {
    evalExpression: (expression) => frame.evaluate(expression),
    eval: (fn, ...args) => frame.evaluate(callSource(fn, args)),
    // In an iframe, the pointer goes to the element's centre computed here: puppeteer's own click
    // finds the frame's offset with a BiDi locator ("context") that Firefox ESR 140 lacks.
    click: async (selector) => {
      if (frame === page.mainFrame()) return frame.click(selector);
      const at = await frame.evaluate((selector) => {
        const element = document.querySelector(selector);
        if (!element) return null;
        element.scrollIntoView({ block: 'center', inline: 'center' });
        const box = element.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      }, selector);
      if (!at) throw new Error(`no element matches ${selector}`);
      const offset = await origin();
      const x = offset.x + at.x;
      const y = offset.y + at.y;
      // A point outside the window would click nothing, silently.
      if (x < 0 || y < 0 || x >= VIEWPORT.width || y >= VIEWPORT.height)
        throw new Error(`${selector} is at ${x}, ${y}: outside the window`);
      await page.mouse.click(x, y);
    },
    type: (text) => page.keyboard.type(text),
    chord: async (key) => {
      await page.keyboard.down('Control');
      await page.keyboard.press(key);
      await page.keyboard.up('Control');
    },
    backspace: () => page.keyboard.press('Backspace'),
    frame: async (findFrame) => {
      const handle = await frame.evaluateHandle(callSource(findFrame, []));
      const element = handle.asElement();
      const inner = element && (await element.contentFrame());
      if (!inner || !element) throw new Error('no such iframe');
      // The iframe's content box in page coordinates, read at each click (the page may have moved it).
      const innerOrigin = async () => {
        const outer = await origin();
        const box = await element.evaluate((/** @type {any} */ iframe) => {
          iframe.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          const rect = iframe.getBoundingClientRect();
          const style = getComputedStyle(iframe);
          return {
            x: rect.left + iframe.clientLeft + parseFloat(style.paddingLeft),
            y: rect.top + iframe.clientTop + parseFloat(style.paddingTop),
          };
        });
        return { x: outer.x + box.x, y: outer.y + box.y };
      };
      return puppeteerScope(page, inner, innerOrigin);
    },
  };
}

/**
 * Starts Debian's Chromium headless through the same client (over the DevTools protocol), for figures
 * measured the same way in all three engines (`npm run bench`).
 * @returns {Promise<Engine>}
 */
export async function launchChromium() {
  const browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  /** @param {import('puppeteer-core').BrowserContext} context @returns {Profile} */
  const profile = (context) => ({
    newTab: async () => puppeteerTab(await newPage(context)),
    close: () => context.close(),
  });
  return {
    name: 'Chromium',
    version: (await browser.version()).replace(/^(Headless)?Chrome\//, ''),
    main: profile(browser.defaultBrowserContext()),
    freshProfile: async () => profile(await browser.createBrowserContext()),
    quit: () => browser.close(),
  };
}

// ---- WebKitGTK (selenium-webdriver, WebKitWebDriver) ----

/**
 * One WebKitWebDriver process with one MiniBrowser session: a profile of its own (WebKit's automation
 * sessions keep their storage in memory, so every session starts empty).
 * @returns {Promise<{ driver: import('selenium-webdriver').WebDriver, version: string, profile: Profile, quit: () => Promise<void> }>}
 */
async function webkitSession() {
  const port = await freePort();
  const server = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore' });
  const stopServer = () => void server.kill();
  try {
    const capabilities = new Capabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    });
    /** @type {import('selenium-webdriver').WebDriver | undefined} */
    let driver;
    for (let attempt = 0; !driver; attempt++) {
      try {
        driver = await new Builder()
          .usingServer(`http://127.0.0.1:${port}`)
          .withCapabilities(capabilities)
          .build();
      } catch (error) {
        // The driver's port may not be open yet.
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    const session = driver;
    await session.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 });
    await session.manage().window().setRect(VIEWPORT);
    const version = String((await session.getCapabilities()).get('browserVersion'));
    /** The window handle selenium's commands go to now (one per session). */
    const current = { handle: await session.getWindowHandle() };
    let first = true;
    const profile = {
      newTab: async () => {
        if (first) first = false;
        else {
          await session.switchTo().newWindow('tab');
          current.handle = await session.getWindowHandle();
        }
        return webkitTab(session, current, current.handle);
      },
      close: async () => {
        await session.quit();
        stopServer();
      },
    };
    return { driver: session, version, profile, quit: profile.close };
  } catch (error) {
    stopServer();
    throw error;
  }
}

/**
 * Starts WebKitGTK's MiniBrowser through WebKitWebDriver (needs an X display: run under `xvfb-run`).
 * @returns {Promise<Engine>}
 */
export async function launchWebKit() {
  const first = await webkitSession();
  /** @type {Array<() => Promise<void>>} */
  const others = [];
  return {
    name: 'WebKitGTK',
    version: first.version,
    main: first.profile,
    freshProfile: async () => {
      const session = await webkitSession();
      others.push(session.quit);
      return session.profile;
    },
    quit: async () => {
      for (const quit of others) await quit().catch(() => {});
      await first.quit();
    },
  };
}

/**
 * Selenium sends commands to one window and one frame at a time: every call of a scope first selects its
 * own window, then walks down its frames.
 * @param {import('selenium-webdriver').WebDriver} driver
 * @param {{ handle: string }} current
 * @param {string} handle
 * @returns {Tab}
 */
function webkitTab(driver, current, handle) {
  const scope = webkitScope(driver, current, handle, []);
  return {
    ...scope,
    goto: async (url) => {
      await selectWindow(driver, current, handle);
      await driver.get(url);
    },
    reload: async () => {
      await selectWindow(driver, current, handle);
      await driver.navigate().refresh();
    },
    close: async () => {
      await selectWindow(driver, current, handle);
      await driver.close();
      const [left] = await driver.getAllWindowHandles();
      if (left) {
        await driver.switchTo().window(left);
        current.handle = left;
      }
    },
  };
}

/**
 * @param {import('selenium-webdriver').WebDriver} driver
 * @param {{ handle: string }} current
 * @param {string} handle
 */
async function selectWindow(driver, current, handle) {
  if (current.handle !== handle) {
    await driver.switchTo().window(handle);
    current.handle = handle;
  }
  await driver.switchTo().defaultContent();
}

/**
 * The source of a call of `fn` with `args`.
 * @param {Function} fn
 * @param {unknown[]} args
 */
export function callSource(fn, args) {
  return `(${fn.toString()})(...${JSON.stringify(args)})`;
}

/**
 * An asynchronous WebDriver script that evaluates `expression` and answers with its (awaited) value or error.
 * @param {string} expression
 */
function asyncScript(expression) {
  return `const done = arguments[arguments.length - 1];
Promise.resolve()
  .then(() => (${expression}))
  .then((value) => done({ value }), (error) => done({ error: String((error && error.stack) || error) }));`;
}

/**
 * @param {import('selenium-webdriver').WebDriver} driver
 * @param {{ handle: string }} current
 * @param {string} handle
 * @param {string[]} frames sources of the functions that find each iframe, from the top document down
 * @returns {Scope}
 */
function webkitScope(driver, current, handle, frames) {
  const enter = async () => {
    await selectWindow(driver, current, handle);
    for (const find of frames) {
      const element = await driver.executeScript(`return (${find})()`);
      if (!element) throw new Error('no such iframe');
      await driver
        .switchTo()
        .frame(/** @type {import('selenium-webdriver').WebElement} */ (element));
    }
  };
  /** @param {string} expression */
  const evalExpression = async (expression) => {
    await enter();
    /** @type {{ value?: any, error?: string }} */
    const result = await driver.executeAsyncScript(asyncScript(expression));
    if (result.error !== undefined) throw new Error(`in the page: ${result.error}`);
    return result.value;
  };
  return {
    evalExpression,
    eval: (fn, ...args) => evalExpression(callSource(fn, args)),
    click: async (selector) => {
      await enter();
      await driver.findElement(By.css(selector)).click();
    },
    type: async (text) => {
      await enter();
      await driver
        .actions()
        .sendKeys(...[...text].map((c) => (c === '\n' ? Key.ENTER : c)))
        .perform();
    },
    chord: async (key) => {
      await enter();
      const named = key === 'Home' ? Key.HOME : key === 'End' ? Key.END : key;
      await driver.actions().keyDown(Key.CONTROL).sendKeys(named).keyUp(Key.CONTROL).perform();
    },
    backspace: async () => {
      await enter();
      await driver.actions().sendKeys(Key.BACK_SPACE).perform();
    },
    frame: async (findFrame) =>
      webkitScope(driver, current, handle, [...frames, findFrame.toString()]),
  };
}
