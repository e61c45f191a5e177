// Passkeys: no page of their own (the settings panel and the login button are parts of the
// accounts pages, through index.ts); their texts.
import { defineFeature } from '../../shell/features/feature';

export const passkeysFeature = defineFeature({ name: 'passkeys', namespaces: ['passkeys'] });
