// One check of every request's parameters, query and body before anything reads them
// (docs/security.md item 35): no U+0000, no unpaired surrogate, no nesting deeper than any of our
// bodies. It runs in preValidation ahead of the signature check, so neither the signature's canon
// (encodeURIComponent, JSON.stringify) nor a schema, a handler or the database ever sees such a
// value: the answer is a 400 naming the field, the same on every route, new ones included.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnsafeInput, V } from '@hashpool/shared';
import { AppError } from './errors';

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const unsafe =
      findUnsafeInput(request.params, 'params') ?? findUnsafeInput(request.query, 'query') ?? findUnsafeInput(request.body, 'body');
    if (unsafe) {
      throw new AppError('validation_failed', { fields: [{ field: unsafe.path, messageKey: unsafe.problem === 'depth' ? V.tooDeep : V.textInvalid }] });
    }
  });
});
