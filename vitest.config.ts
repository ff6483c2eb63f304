import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Three projects: unit (jsdom), api (app.inject on a real database), e2e (Chromium). */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      { extends: true, test: { name: 'unit', environment: 'jsdom', include: ['tests/unit/**/*.test.{ts,tsx}'], setupFiles: ['tests/helpers/unit-setup.ts'] } },
      { extends: true, test: { name: 'api', environment: 'node', include: ['tests/api/**/*.test.ts'], testTimeout: 30000, hookTimeout: 60000 } },
      {
        extends: true,
        test: {
          name: 'e2e', environment: 'node', include: ['tests/e2e/**/*.test.ts'], testTimeout: 120000, hookTimeout: 240000,
          pool: 'forks', poolOptions: { forks: { singleFork: true } }, globalSetup: ['tests/e2e/global-setup.ts'], setupFiles: ['tests/e2e/csp-setup.ts'],
        },
      },
    ],
  },
});
