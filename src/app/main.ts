/**
 * Browser entry point: mounts the playground into the `#app` element of `index.html`.
 */
import { mount } from 'svelte';
import App from './App.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('index.html has no #app element to mount the playground into');

mount(App, { target });
