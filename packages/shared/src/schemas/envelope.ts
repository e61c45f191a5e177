import { z } from 'zod';

/** The success envelope around a response schema, for route declarations and OpenAPI. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.string(), data });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z
    .object({
      request_id: z.string().optional(),
      fields: z.array(z.object({ field: z.string(), message_key: z.string(), message: z.string() })).optional(),
    })
    .nullable(),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() });
}

/** Amounts travel as decimal strings, never JSON numbers (docs/rules.md, The API). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
