import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { eagerCompileValidator } from './build/eager-compile-validator.ts';

/** The app's build; tests extend it in vitest.config.ts. */
export default defineConfig({
  plugins: [react(), eagerCompileValidator()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    // In development the API, the user pool and stored files come from the server (npm run serve).
    proxy: Object.fromEntries(
      ['/api', '/cognito', '/files'].map((path) => [path, `http://127.0.0.1:${process.env.PORT ?? 8080}`]),
    ),
  },
  preview: { host: '127.0.0.1', port: Number(process.env.PORT ?? 8080) },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 900,
  },
});
