import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
