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
  build: { target: 'es2022', sourcemap: true },
  test: {
    include: ['src/**/*.test.ts', 'app/**/*.test.ts', 'app/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
