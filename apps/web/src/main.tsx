import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadToaster } from './lib/toast.ts';
import './app/global.css';

const root = document.getElementById('root');
if (root) {
  // As a transition the first render yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree (Lighthouse's Total Blocking Time on a slow phone).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// Toasts follow what a visitor does, and their live region must be in the page before the first
// one is announced: load it on the first interaction rather than with the first page.
for (const type of ['pointerdown', 'keydown'] as const) {
  addEventListener(type, () => void loadToaster(), { once: true, capture: true, passive: true });
}

// The service worker (vite-plugin-pwa, see vite.config.ts) only after the page has loaded, so it
// never competes with the first page for the network.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }));
}
