import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App, { createQueryClient } from './app/App';
import { prefetchFirstList } from './app/prefetch';
import { isChunkError, shouldReloadForChunk } from './lib/lazy';
import './styles/global.css';

// Vite reports a failed preload of a lazy chunk (after a deploy): reload, at most once a minute.
window.addEventListener('vite:preloadError', (event) => {
  if (shouldReloadForChunk()) {
    event.preventDefault();
    window.location.reload();
  }
});
window.addEventListener('unhandledrejection', (event) => {
  if (isChunkError(event.reason) && shouldReloadForChunk()) window.location.reload();
});

// The page's list request starts now, with the entry chunk, not after the page's chunk has loaded.
const client = createQueryClient();
prefetchFirstList(client, window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App client={client} />
  </StrictMode>,
);
