// OpenAPI generated from the routes' zod schemas, served at /api/docs (UI) and /api/docs/json.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

export const openApiPlugin = fp<{ version: string }>(async (app: FastifyInstance, options) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hashpool API',
        description: 'Every call answers `{ code, msg, data }`; code 0 is success. Amounts are decimal strings, hashrates numbers in H/s.',
        version: options.version,
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No staticCSP: the UI's pages load only their own files (no inline script), so they run under
    // the app's policy (security.ts), frame-ancestors 'none' included; the plugin's own policy
    // allowed framing and any https: style or font. No validator badge: it is an outside image.
    uiConfig: { validatorUrl: null },
    uiHooks: {},
  });
});
