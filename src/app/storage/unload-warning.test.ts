import { describe, expect, it } from 'vitest';
import { warnBeforeUnload, type UnloadEvents } from './unload-warning.ts';

function fakePage() {
  const listeners = new Set<(event: BeforeUnloadEvent) => void>();
  const page: UnloadEvents = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const leave = () => {
    const event = { defaultPrevented: false, returnValue: undefined } as {
      defaultPrevented: boolean;
      returnValue: unknown;
      preventDefault(): void;
    };
    event.preventDefault = () => (event.defaultPrevented = true);
    for (const listener of listeners) listener(event as unknown as BeforeUnloadEvent);
    return event;
  };
  return { page, listeners, leave };
}

describe('warnBeforeUnload', () => {
  it('asks to confirm leaving only while a change would be lost', () => {
    const { page, leave } = fakePage();
    let atRisk = false;
    warnBeforeUnload(() => atRisk, page);
    expect(leave().defaultPrevented).toBe(false);
    atRisk = true;
    const event = leave();
    expect(event.defaultPrevented).toBe(true);
    expect(event.returnValue).toBe('');
  });

  it('stops asking once stopped', () => {
    const { page, listeners, leave } = fakePage();
    const stop = warnBeforeUnload(() => true, page);
    stop();
    expect(listeners.size).toBe(0);
    expect(leave().defaultPrevented).toBe(false);
  });
});
