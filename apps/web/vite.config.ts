import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME = '#0f766e';
// WEB_OUT_DIR lets a run build somewhere of its own (the e2e suite does, so runs never share files).
const outDir = process.env.WEB_OUT_DIR ?? 'dist';

// In `npm run dev` the API runs on 3001 and Vite proxies /api to it, so the browser sees one origin.
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // A new service worker takes over at once. Pages are never answered from its cache while
      // online (navigations go to the network), so taking over cannot show an old app; see
      // docs/decisions.md (issue 9).
      registerType: 'autoUpdate',
      injectRegister: false, // main.tsx registers it after the page has loaded
      manifest: {
        name: 'Helo',
        short_name: 'Helo',
        description: 'Your budget, loans, savings and investments in one place.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME,
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell: the entry script and styles, the icons and the offline page. Route chunks are
        // immutable files the HTTP cache keeps anyway; precaching all of them would download the
        // whole app on a first visit.
        globPatterns: ['offline.html', 'favicon.svg', 'assets/index-*.{js,css}'], // + the manifest's icons
        sourcemap: false,
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // Pages always come from the network, so a deploy is seen at once; without a network the
            // offline page answers. /api/ has no route here: the worker never answers it.
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
        ],
      },
    }),
  ],
  server: { port: 3000, proxy: { '/api': 'http://localhost:3001' } },
  // Source maps are made for error reports and bundle analysis but not linked from the files, and
  // scripts/precompress.ts moves them out of dist so they are never published.
  build: { outDir, emptyOutDir: true, sourcemap: 'hidden' },
});
