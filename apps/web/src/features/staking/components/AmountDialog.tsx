// One amount to confirm (stake, add, reduce, repay, borrow): the input with its "max", an optional
// notice and terms checkbox, the refusal placed at the amount. The dialog keeps one idempotency
// key per amount, so a retry after a lost answer moves nothing twice.
import type { ReactNode } from 'react';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@hashpool/shared';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { errorsTo } from '../../../shell/forms/server-errors';
import { useIdempotencyKey } from '../../../shell/api/idempotency';

interface AmountDialogProps {
  title: ReactNode;
  label: ReactNode;
  max?: string;
  notice?: ReactNode;
  /** The terms the user must agree to (borrowing). */
  terms?: ReactNode;
  okText?: ReactNode;
  onSubmit: (amount: string, key: string) => Promise<unknown>;
  onClose: () => void;
}

interface Values {
  amount: string;
  agree?: boolean;
}

export function AmountDialog({ title, label, max, notice, terms, okText, onSubmit, onClose }: AmountDialogProps) {
  const { t } = useTranslation('staking');
  const [form] = Form.useForm<Values>();
  const keyFor = useIdempotencyKey();
  return (
    <FormDialog<Values>
      form={form}
      title={title}
      okText={okText}
      onClose={onClose}
      onSubmit={(v) => onSubmit(v.amount.trim(), keyFor(v.amount.trim()))}
      errorFields={{ fieldNames: { amount: 'amount', batch_id: 'amount', product_id: 'amount' }, byCode: errorsTo('amount', AMOUNT_ERRORS.map((key) => ERRORS[key].code)) }}
    >
      {notice && <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="amount"
        label={label}
        rules={[{ required: true, pattern: /^\d{1,20}(\.\d{1,6})?$/, message: t('amount_invalid') }]}
        extra={max !== undefined ? t('max_hint', { max }) : undefined}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          suffix={
            <>
              ALEO
              {max !== undefined && (
                <Button type="link" size="small" onClick={() => form.setFieldValue('amount', max)}>
                  {t('max')}
                </Button>
              )}
            </>
          }
        />
      </Form.Item>
      {terms && (
        <Form.Item name="agree" valuePropName="checked" rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('agree_required')))) }]}>
          <Checkbox>{terms}</Checkbox>
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** The server's refusals that are about the amount. */
const AMOUNT_ERRORS = [
  'stake_below_minimum',
  'stake_exceeds_max',
  'stake_reduce_invalid',
  'insufficient_balance',
  'borrow_too_low',
  'borrow_too_high',
  'borrow_no_capacity',
  'borrow_interest_uncovered',
  'loan_repay_exceeds',
] as const;
