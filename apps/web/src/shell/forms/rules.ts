// Form rules from the shared validators (packages/shared validation.ts and schemas/accounts.ts):
// the form checks exactly what the server will, and says it with the same words (the `validation`
// namespace the server also answers from).
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { codeSchema, emailSchema, isMainlandPhone, passwordSchema, phoneCountrySchema, phoneNumberSchema, subAccountNameSchema, V } from '@hashpool/shared';

interface SafeParser {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** An Ant Design rule that runs a shared zod schema; its message key is translated. */
export function schemaRule(schema: SafeParser, t: TFunction): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(t(`validation:${result.error.issues[0]?.message ?? V.invalid}`));
    },
  };
}

export const formRules = (t: TFunction) => ({
  email: [schemaRule(emailSchema, t)],
  code: [schemaRule(codeSchema, t)],
  password: [schemaRule(passwordSchema, t)],
  subAccountName: [schemaRule(subAccountNameSchema, t)],
  phoneCountry: [schemaRule(phoneCountrySchema, t)],
  /** docs/rules.md, Validation: +86 numbers are mainland mobiles (11 digits, 1 then 3-9). */
  phone: (country: () => string | undefined): FormRule[] => [
    schemaRule(phoneNumberSchema, t),
    {
      validator: async (_rule, value: unknown) => {
        if (country() === '86' && typeof value === 'string' && value !== '' && !isMainlandPhone(value)) throw new Error(t(`validation:${V.phone}`));
      },
    },
  ],
  /** The second entry must equal the first (the message depends on which password it is). */
  sameAs: (other: () => unknown, messageKey: string): FormRule[] => [
    {
      validator: async (_rule, value: unknown) => {
        if (!value || value !== other()) throw new Error(t(`validation:${messageKey}`));
      },
    },
  ],
  required: [{ validator: async (_rule: unknown, value: unknown) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) throw new Error(t(`validation:${V.required}`));
  } }] as FormRule[],
});
