// Vite build of the SPA. The server serves dist/ and answers /api; in development the dev
// server forwards /api to it. The manifest feeds scripts/bench-bundle.mjs (first-screen budget).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    manifest: true,
    target: 'es2022',
  },
});
