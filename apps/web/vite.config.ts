/// <reference types="node" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    // The Fastify server owns /api (REST, Better Auth and the SSE stream); in development the
    // SPA is served by Vite, so forward those calls and keep them same-origin for the cookies.
    proxy: {
      '/api': { target: `http://localhost:${process.env.API_PORT ?? '3000'}` },
    },
  },
});
