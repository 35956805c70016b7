import { describe, expect, it } from 'vitest';
import type { Banner } from '../state/agent-model.svelte.ts';
import { offerOfflineUpdates, type RegisterOptions } from './offline-updates.ts';

function setup(saveStateAfterFlush: 'saved' | 'off', confirmAnswer = false) {
  const events: string[] = [];
  let options: RegisterOptions = {};
  const banners: Banner[] = [];
  const model = {
    saveState: 'unsaved' as 'saved' | 'saving' | 'unsaved' | 'off',
    banner: (b: Banner) => void banners.push(b),
    flush: async () => {
      events.push('flush');
      model.saveState = saveStateAfterFlush;
    },
  };
  offerOfflineUpdates({
    register: (o) => {
      options = o;
      return async () => void events.push('activate new version');
    },
    model,
    reload: () => void events.push('reload'),
    confirm: () => {
      events.push('confirm');
      return confirmAnswer;
    },
    checkEveryMs: 0,
  });
  const click = async () => {
    banners.at(-1)!.action!.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { events, options: () => options, banners, click };
}

describe('offering a new version', () => {
  it('shows a banner and does nothing else until the user clicks Reload', () => {
    const { events, options, banners } = setup('saved');
    options().onNeedRefresh!();
    expect(banners).toEqual([
      expect.objectContaining({
        id: 'update',
        text: 'A new version of the playground is ready.',
        action: expect.objectContaining({ label: 'Reload' }),
      }),
    ]);
    expect(events).toEqual([]);
  });

  it('saves the workspace, then activates the new version, then reloads once it is in control', async () => {
    const { events, options, click } = setup('saved');
    options().onNeedRefresh!();
    await click();
    expect(events).toEqual(['flush', 'activate new version']);
    options().onNeedReload!();
    expect(events).toEqual(['flush', 'activate new version', 'reload']);
  });

  it('asks before reloading when the work cannot be saved, and stays when the user says no', async () => {
    const { events, options, click } = setup('off', false);
    options().onNeedRefresh!();
    await click();
    expect(events).toEqual(['flush', 'confirm']);
  });

  it('reloads an unsaved workspace when the user confirms', async () => {
    const { events, options, click } = setup('off', true);
    options().onNeedRefresh!();
    await click();
    expect(events).toEqual(['flush', 'confirm', 'activate new version']);
  });

  it('never reloads a tab because another tab activated the new version: it offers the reload instead', async () => {
    const { events, options, banners, click } = setup('saved');
    options().onNeedRefresh!();
    options().onNeedReload!();
    expect(events).toEqual([]);
    expect(banners.at(-1)!.text).toBe('A new version of the playground is now active.');
    await click();
    expect(events).toEqual(['flush', 'reload']);
  });
});
