import { defineConfig } from 'drizzle-kit';

// Every table file of the platform and the modules: a new module's <name>.tables.ts is found by name.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/**/*.tables.ts', './src/modules/*/*.tables.ts'],
  out: './drizzle',
});
