import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME = '#0f766e';

/** Matches the given modules (paths without their extension) and their CSS modules. */
const modules =
  (...stems: string[]) =>
  (id: string) =>
    stems.some((stem) => new RegExp(`/${stem}\\.(tsx?|module\\.css)$`).test(id.replaceAll('\\', '/')));

/**
 * Chunks by what loads together (e2e/specs/performance.spec.ts). Left alone, the bundler makes a
 * file of every module two lazy routes share: the dashboard downloaded ~30 files, many under 1 KB,
 * each compressed on its own. Grouped:
 * - shell: everything the entry imports, into the entry (React, the router, the sign-in page);
 * - query: TanStack Query, its client and the query layout, which every page under that layout needs whole;
 * - contract: zod and the contract's shared pieces, which every schema needs (signed-in pages load
 *   it with the page, the sign-in and sign-up forms on their first focus);
 * - dashboard: the dashboard's frame (side menu, top bar, the bell without its panel, help, the
 *   Nest's and the Vault's queries and schemas for the menu's locks), on every dashboard page and only there.
 * The last three take only the modules listed (includeDependenciesRecursively: false); a module
 * listed must not be imported by a page outside the group's pages, or that page downloads the
 * whole group.
 */
const CHUNK_GROUPS = [
  { name: 'shell', tags: ['$initial' as const], priority: 4 },
  {
    name: 'query',
    test: (id: string) =>
      /node_modules[\\/]@tanstack[\\/]/.test(id) || modules('src/app/query-layout', 'src/lib/query-client')(id),
    priority: 3,
    includeDependenciesRecursively: false,
  },
  {
    name: 'contract',
    test: (id: string) =>
      /node_modules[\\/]zod[\\/]/.test(id) ||
      modules(
        'contract/src/envelope',
        'contract/src/fields',
        'contract/src/coerce',
        'contract/src/money',
        'contract/src/dates',
        'finance/src/cents',
        'contract/src/auth',
        // auth.ts imports it: in a chunk of its own, the two would import each other and the one
        // evaluated first would call the other's exports before they exist (issue 16's sign-in broke so).
        'contract/src/two-factor',
        'contract/src/entries-page',
      )(id),
    priority: 2,
    // Not password-rules.ts, which auth.ts imports: the sign-up page shows it without zod.
    includeDependenciesRecursively: false,
  },
  {
    name: 'dashboard',
    test: modules(
      'src/app/layouts/dashboard-layout',
      'src/app/dashboard/side-menu',
      'src/app/dashboard/dashboard-menu',
      'src/app/dashboard/help-menu',
      'src/app/guards',
      'src/features/notifications/notification-bell',
      'src/features/notifications/use-notifications',
      'contract/src/notifications',
      'src/features/nest/nest-query',
      'contract/src/nest',
      'src/features/vault/vault-query',
      'contract/src/vault',
      'finance/src/allocation',
      'src/lib/current-user',
      'src/lib/use-dismiss',
    ),
    priority: 1,
    includeDependenciesRecursively: false,
  },
];
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
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: 'hidden',
    rolldownOptions: {
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
      // @date-fns/tz declares no `sideEffects`, so its TZDate (~1.5 KB gzipped) stayed in the calendar's
      // chunk though the pages never use it (lib/calendar.ts reads the browser's day from a Date's own
      // fields): its only top-level code fills in its own class. A module a page does use keeps its code.
      treeshake: {
        moduleSideEffects: (id) => (/[\\/]node_modules[\\/]@date-fns[\\/]tz[\\/]/.test(id) ? false : undefined),
      },
    },
  },
});
