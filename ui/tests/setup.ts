import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetLoginRedirect } from '@/lib/request';
import { clearToasts } from '@/lib/toast';

// Test files share their worker's modules and jsdom (isolate: false in vite.config.ts: building a jsdom per
// file was half the suite's time), so each file starts from a blank page, as it would in a fresh one.
// findBy* and waitFor wait up to 5 s instead of 1 s: CI runs this suite beside the browser tests (vite.config.ts).
configure({ asyncUtilTimeout: 5000 });
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
document.head.innerHTML = '';
document.body.innerHTML = '';
document.title = '';
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0].trim();
  if (name) document.cookie = `${name}=; max-age=0; path=/`;
}
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, '', '/');
// the app's module-level state: a login redirect already under way, toasts still showing
resetLoginRedirect();
clearToasts();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
