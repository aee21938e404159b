import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/chromium.mjs';

// `npm run test:e2e` has made sure there is one (or stopped with a one-line message); see scripts/chromium.mjs.
const chromium = findChromium() ?? '/usr/bin/chromium';
// Several checkouts (or people) can test side by side: each picks its own port, build folder and output folder.
const port = Number(process.env.E2E_PORT ?? 4173);
const dist = process.env.E2E_DIST ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUT ?? 'test-output/playwright',
  timeout: 60_000,
  // Views and plot tabs load their scripts on demand, and a loaded 2-core machine runs them slowly: assertions
  // wait up to 15 s (they pass as soon as they hold; a test that waits longer says so itself).
  expect: { timeout: 15_000 },
  retries: 0,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // the lab honours reduced motion (no spinning spinner while a release runs): otherwise SwiftShader composites a
    // frame per display refresh the whole time — 12 % of the browser's CPU on a subset (help.spec's tour test
    // keeps the motion, to cover the smooth scroll)
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        // page content rasterised by Skia on the CPU, not through SwiftShader's emulated GL (which then serves
        // WebGL alone): 10 % off the browser tests' wall time on 2 cores, WebGL unchanged
        '--disable-gpu-rasterization',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${dist}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
