import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In `npm run dev` the API runs on 3001 and Vite proxies /api to it, so the browser sees one origin.
export default defineConfig({
  plugins: [react()],
  server: { port: 3000, proxy: { '/api': 'http://localhost:3001' } },
  build: { outDir: 'dist', sourcemap: true },
});
