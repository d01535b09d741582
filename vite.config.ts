import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { STYLE_COUNT_WORDS } from './shared/constants/figures.ts';

/** The page's meta description names the number of styles from the style list, like every other page (0163). */
function derivedFigures(): Plugin {
  return {
    name: 'roomstage-derived-figures',
    transformIndexHtml: (html) => html.replaceAll('%STYLE_COUNT_WORDS%', STYLE_COUNT_WORDS),
  };
}

/** Preloads the home hero's images from the HTML, so they download while the JavaScript starts up. */
function preloadHeroImages(prefixes: string[]): Plugin {
  return {
    name: 'roomstage-preload-hero',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((f) =>
          prefixes.some((p) => f.startsWith(`assets/${p}`)),
        );
        return files.map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'image', href: `/${f}`, type: 'image/webp', fetchpriority: 'high' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

// The client lives in client/ and builds to dist/client, which the server serves.
export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    derivedFigures(),
    preloadHeroImages(['dining-room-before-', 'dining-room-after-']),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // Read by scripts/bench-web.mjs to add up each route's JavaScript.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    // The API refuses state-changing requests whose Origin is not APP_URL; in development the page's
    // origin is Vite's, so the proxy presents the API's own.
    proxy: {
      '/api': {
        target: 'http://localhost:5000',
        changeOrigin: false,
        configure: (proxy) =>
          proxy.on('proxyReq', (req) => {
            if (req.getHeader('origin')) req.setHeader('origin', 'http://localhost:5000');
          }),
      },
    },
  },
});
