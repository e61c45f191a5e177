// OpenAPI generated from the routes' zod schemas, served at /api/docs (UI) and /api/docs/json.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

type Transform = typeof jsonSchemaTransform;
const isContentMap = (body: unknown): body is { content: Record<string, { schema: unknown }> } => typeof body === 'object' && body !== null && 'content' in body;

/**
 * jsonSchemaTransform, plus request bodies given by content type ({ content: { type: { schema } } },
 * POST /internal/shares takes two): each type's zod schema is turned into JSON Schema alike.
 */
const transform: Transform = (document) => {
  const body: unknown = document.schema?.body;
  if (!isContentMap(body)) return jsonSchemaTransform(document);
  const content = Object.fromEntries(
    Object.entries(body.content).map(([type, { schema }]) => [type, { schema: (jsonSchemaTransform({ ...document, schema: { body: schema } }).schema as { body: unknown }).body }]),
  );
  const rest = jsonSchemaTransform({ ...document, schema: { ...document.schema, body: undefined } });
  return { ...rest, schema: { ...rest.schema, body: { content } } };
};

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
    transform,
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
