// The shapes of the API's answers are the zod schemas of packages/shared, used as types only so
// that zod stays out of the bundle: Parsed<typeof minerPageSchema> is what that schema parses to.
export type Parsed<S extends { parse: (input: unknown) => unknown }> = ReturnType<S['parse']>;
