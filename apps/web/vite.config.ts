import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev -w apps/web` serves the app on 5173 and sends /api to the server (API_URL, default port 3000).
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 3000 },
});
