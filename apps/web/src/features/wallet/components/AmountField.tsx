// The amount input of withdrawals and transfers: "All" fills in the whole available balance (exact,
// to the coin's base unit, though the balance is shown with the display precision), and the amount is
// checked against the coin's base unit, the minimum and the balance before anything is sent
// (lib/amounts.ts). A decimal comma ("0,5", as many locales' decimal keypads type it) is accepted:
// the check reads it as a point, and the dialogs send normalisedAmount() of the value.
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@hashpool/shared';
import { allOf, amountProblem, type AmountLimits } from '../lib/amounts';
import { coinSymbol } from '../lib/balances';

interface AmountFieldProps {
  form: FormInstance;
  limits: AmountLimits;
  extra?: string;
}

export function AmountField({ form, limits, extra }: AmountFieldProps) {
  const { t } = useTranslation('wallet');
  const all = allOf(limits.available);
  const symbol = coinSymbol(limits.coin);
  return (
    // The inner item carries the name and rules; its errors show on this outer one (as CodeField).
    <Form.Item
      label={t('amount.label')}
      htmlFor="amount"
      required
      extra={
        <>
          <div>{t('amount.available', { amount: `${formatAmount(limits.available, { coin: limits.coin, grouping: true })} ${symbol}` })}</div>
          {extra && <div>{extra}</div>}
        </>
      }
    >
      <Space.Compact block>
        <Form.Item
          name="amount"
          noStyle
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = amountProblem(value, limits);
                if (problem) throw new Error(t(problem.key, 'values' in problem ? problem.values : {}));
              },
            },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" suffix={symbol} />
        </Form.Item>
        <Button disabled={all === ''} onClick={() => form.setFields([{ name: 'amount', value: all, errors: [] }])}>
          {t('amount.all')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
