import { getContext, setContext } from 'svelte';
import type { AgentModel } from './agent-model.svelte.ts';

const KEY = Symbol('agent-model');

/** Makes the model available to every component below. */
export function provideModel(model: AgentModel): void {
  setContext(KEY, model);
}

/** The model provided by an ancestor. */
export function useModel(): AgentModel {
  const model = getContext<AgentModel | undefined>(KEY);
  if (!model) throw new Error('useModel() called outside the app: no AgentModel was provided');
  return model;
}
