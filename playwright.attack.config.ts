import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run test:attack` (docs/security.md): browser attacks (XSS, two tabs, the API failing mid-flow)
// against the same real server and build as the browser suite.
export default defineConfig({ ...base, testDir: 'e2e/attack', testMatch: '**/*.attack.ts', outputDir: 'test-results/attack' });
