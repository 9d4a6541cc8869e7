/**
 * `astro dev` reads a whole request body into memory before our middleware runs, so under it a page body over its
 * limit is refused first, by its declared length, as `scripts/start.ts` does in production
 * (`refuseOversizedPageBody` in src/lib/server/pages/page-body.ts).
 *
 * @returns {import('vite').Plugin}
 */
export function devPageBodies() {
  return {
    name: 'matlib:dev-page-bodies',
    apply: 'serve',
    configureServer(server) {
      // Registered directly, so it runs before Astro's page handler, which Astro adds after every plugin's own.
      server.middlewares.use(async (req, res, next) => {
        try {
          const { refuseOversizedPageBody } = await server.ssrLoadModule('/src/lib/server/pages/page-body.ts');
          if (!refuseOversizedPageBody(req, res)) next();
        } catch (err) {
          next(err);
        }
      });
    },
  };
}
