/**
 * The `<agentcard-playground>` element script, built after the app (`npm run build`) into `dist/` as one plain
 * script with a stable name, `agentcard-playground.js`: no framework, none of the app's code. It finds
 * `embed.html` beside itself.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    target: 'es2020',
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    lib: {
      entry: 'src/embed/element/agentcard-playground.ts',
      formats: ['iife'],
      name: 'AgentCardPlaygroundElement',
      fileName: () => 'agentcard-playground.js',
    },
  },
});
