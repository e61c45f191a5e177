// Form rules of the wallet dialogs from the shared schemas (packages/shared schemas/wallet.ts): the
// form checks what the server will, in the server's words (the `validation` namespace).
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { addWithdrawAddressBodySchema, PAY_PASSWORD, transferBodySchema, V } from '@hashpool/shared';
import { schemaRule } from '../../../shell/forms/rules';

export const walletRules = (t: TFunction) => ({
  alias: [schemaRule(addWithdrawAddressBodySchema.shape.alias, t)],
  address: [schemaRule(addWithdrawAddressBodySchema.shape.address, t)],
  toAccount: [schemaRule(transferBodySchema.shape.to_account, t)],
  /** Pay passwords are six digits (PayPasswordDialog sets them so). */
  payPassword: [
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || !PAY_PASSWORD.test(value)) throw new Error(t(`validation:${V.payPassword}`));
      },
    },
  ] as FormRule[],
});
