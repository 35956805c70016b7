/**
 * Svelte options, read by the Vite plugin, svelte-check and Prettier's Svelte plugin.
 * The project's own components are always in runes mode; libraries keep their own choice.
 * @type {import('@sveltejs/vite-plugin-svelte').SvelteConfig}
 */
export default {
  compilerOptions: {
    runes: ({ filename }) => (filename.split(/[/\\]/).includes('node_modules') ? undefined : true),
  },
};
