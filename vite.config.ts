/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The Content-Security-Policy of the built lab: scripts, workers, fonts and styles from the lab's own origin
 * only; no inline script and no eval, but WebAssembly may be compiled ('wasm-unsafe-eval': the samplers'
 * sphere kernel is a WebAssembly module shipped inside the worker script); inline style attributes allowed (React's style props and KaTeX's
 * layout). Images may be blob:/data: URLs (PNG export draws the plot from a blob); fonts may be data: URLs
 * (Vite inlines KaTeX's smallest fonts into its style sheet). No connection anywhere:
 * the lab never fetches or sends data. Vite emits the worker as a file of its own (assets/worker-*.js), so
 * workers need 'self' only. Delivered as a <meta> tag, so any static host serves it; build only, because the
 * dev server's hot reload injects inline scripts.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'dp-lab-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy()],
  base: './',
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Each workspace, plot tab and KaTeX load when first shown (React.lazy / import()); the big libraries get
    // chunks of their own named after them, so a new version of the lab's code leaves them cached. A group takes
    // its modules' dependencies too, so React's group goes first (priority): else three's would swallow React
    // (react-three-fiber depends on it) and every 2-D workspace would load three.js.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|zustand|use-sync-external-store)[\\/]/,
              priority: 3,
            },
            { name: 'd3', test: /node_modules[\\/]d3-/, priority: 2 },
            { name: 'three', test: /node_modules[\\/](three|@react-three)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'app/**/*.test.ts', 'app/**/*.test.tsx'],
    environment: 'node',
    // worker threads that keep their loaded modules between test files: the suite's minute on 2 cores was mostly
    // starting processes and importing the same modules again (about 20 s less); tests set the state they read
    pool: 'threads',
    isolate: false,
    // one thread per core: Vitest's default keeps a core free, which on a 2-core machine runs the files one at a time
    maxWorkers: '100%',
    testTimeout: 60_000,
    // hooks start worker pools: on a loaded 2-core machine that takes longer than the default 10 s
    hookTimeout: 60_000,
  },
});
