import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lightCodemirrorJsonSchema } from './build/codemirror-json-schema/plugin.ts';
import { eagerCompileValidator } from './build/eager-compile-validator.ts';

/** The server's paths, which the dev server passes on to it (npm run serve). */
const SERVER_PATHS = ['/api', '/cognito', '/files'];

/** The app's build; tests extend it in vitest.config.ts. */
export default defineConfig({
  plugins: [react(), eagerCompileValidator(), lightCodemirrorJsonSchema()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    // Tests run without the server, so they never reach one that happens to be running.
    proxy: process.env.VITEST
      ? {}
      : Object.fromEntries(
          SERVER_PATHS.map((path) => [path, `http://127.0.0.1:${process.env.PORT ?? 8080}`]),
        ),
  },
  preview: { host: '127.0.0.1', port: Number(process.env.PORT ?? 8080) },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 900,
  },
});
