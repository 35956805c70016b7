/**
 * Browser entry point: opens storage, builds the agent model (opening a permalink from the URL, or one the
 * fragment later changes to, as a new workspace), mounts the playground into `#app`, applies the URL's
 * options (`page-options.ts`), and registers the service worker that keeps it working
 * offline (offering each new build in a banner).
 */
import { mount } from 'svelte';
import { registerSW } from 'virtual:pwa-register';
import './palette.css';
import './base.css';
import App from './App.svelte';
import { questions } from './dialogs/questions.svelte.ts';
import { confirmExampleReplace } from './gallery/confirm-replace.ts';
import { offerOfflineUpdates } from './offline/offline-updates.ts';
import { loaded, whenQuiet } from './offline/when-quiet.ts';
import { applyPageOptions, parsePageOptions, withoutPageOptions } from './page-options.ts';
import { AgentModel } from './state/agent-model.svelte.ts';
import { flushWhenHidden } from './storage/autosave.ts';
import { createEditJournal, sessionStorageOrUndefined } from './storage/edit-journal.ts';
import { warnBeforeUnload } from './storage/unload-warning.ts';
import type { UiState } from './storage/ui-state.ts';
import { openWorkspaceStore, type StorageNote } from './storage/workspace-store.ts';
import { parseThemeChoice, ThemeState } from './theme.svelte.ts';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element to mount the playground into');

// Notes about damaged stored records can come before the model exists (the store is read to build it).
const earlyNotes: StorageNote[] = [];
let takeNote: (note: StorageNote) => void = (note) => void earlyNotes.push(note);
const { store, problem } = await openWorkspaceStore({ onNote: (note) => takeNote(note) });
const ui = await store.loadUiState().catch((): UiState => ({}));
const model = new AgentModel({
  store,
  ...(problem ? { storeProblem: problem } : {}),
  makeWorker: () =>
    new Worker(new URL('./analysis/analysis.worker.ts', import.meta.url), { type: 'module' }),
  persist: true,
  journal: createEditJournal(sessionStorageOrUndefined()),
});
takeNote = (note) => void model.storageNote(note);
for (const note of earlyNotes) model.storageNote(note);
const lastWorkspace = typeof ui['lastWorkspace'] === 'string' ? ui['lastWorkspace'] : undefined;
const { openedLink } = await model.open(location.hash, lastWorkspace);
// The content now lives in a workspace of its own; a reload must not open the link again.
if (location.hash) history.replaceState(null, '', location.pathname + location.search);
// A link opened in a tab that shows the playground already changes only the fragment: open it the same way.
addEventListener('hashchange', () => {
  const hash = location.hash;
  if (!hash.startsWith('#v')) return;
  history.replaceState(null, '', location.pathname + location.search);
  void model
    .openPermalink(hash)
    .catch((error: unknown) => model.reportFailure('Opening the link', error));
});

const theme = new ThemeState(parseThemeChoice(ui['theme']));
flushWhenHidden({ flush: () => model.pageHidden() });
warnBeforeUnload(() => model.unsavedAtRisk);
addEventListener('pageshow', () => model.pageShown());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') model.pageShown();
});
const saveUi = (state: { lastWorkspace: string; theme: string }) =>
  void store.saveUiState(state).catch(() => undefined);

mount(App, { target, props: { model, theme, saveUi } });
// `?example=…&profile=…&theme=…&file=…`, applied once the app (and its question dialog) is on the page, then
// taken out of the URL: a reload must not open the example again over the user's edits.
const pageOptions = parsePageOptions(location.search);
const keptSearch = withoutPageOptions(location.search);
if (keptSearch !== location.search)
  history.replaceState(null, '', location.pathname + keptSearch + location.hash);
void applyPageOptions(
  pageOptions,
  {
    openExample: (example) => model.openExample(example, confirmExampleReplace),
    setProfile: (profile) => model.setProfile(profile),
    setTheme: (choice) => (theme.choice = choice),
    files: () => Object.keys(model.workspace.files),
    showFile: (path) => model.setActive(path),
    note: (notes) => model.banner({ id: 'page-options', kind: 'warning', text: notes.join(' ') }),
  },
  openedLink,
).catch((error: unknown) => model.reportFailure('Applying the options in the address', error));
offerOfflineUpdates({
  // Installed once the user pauses (see when-quiet.ts); nothing can ask for an update before that.
  register: (options) => {
    let update: ((reloadPage?: boolean) => Promise<void>) | undefined;
    whenQuiet(window, loaded(document, window), () => {
      update = registerSW({ ...options, immediate: true });
    });
    return async (reloadPage) => update?.(reloadPage);
  },
  model,
  reload: () => location.reload(),
  confirm: (question) =>
    questions.confirm({
      title: 'Reload without saving?',
      message: question,
      confirmLabel: 'Reload',
    }),
});

// `npm run bench` builds a second copy with `--mode bench` (into dist-bench/) to time the model from the page;
// in the production build this condition is false at build time and the line is gone (build-output.spec.ts).
if (import.meta.env.MODE === 'bench') Object.assign(window, { agentcard: { model } });
