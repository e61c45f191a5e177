// A manual adjustment of a sub-account's balance (business type "system adjustment"): a signed
// amount (negative takes money back) and a reason, which the audit log keeps. Asked once more
// before it is posted: it moves money and cannot be undone, only reversed by another one. Like the
// withdraw dialog, it sends an idempotency key made when the form opens, the same for every try of
// the same adjustment (a retry after a lost answer gets the first posting, not a second credit);
// another account, coin or amount is another adjustment with a new key, and a posted one starts a
// fresh form with a new key.
import { useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { adjustmentBodySchema, COINS, ERRORS, subAccountNameSchema } from '@hashpool/shared';
import { useToast } from '../../../ui/toast';
import { movementFingerprint, useIdempotencyKey } from '../../../shell/api/idempotency';
import { Panel } from '../../../ui/Panel';
import { schemaRule } from '../../../shell/forms/rules';
import { showFormError } from '../../../shell/forms/server-errors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { coinSymbol } from '../../wallet';
import type { AdjustmentResult, Adjustment } from '../admin.api';
import { useAdminMutations } from '../admin.queries';

export function AdjustmentForm() {
  // A posted adjustment remounts the form: its idempotency key is made anew for the next one.
  const [posted, setPosted] = useState(0);
  return <AdjustmentFormOnce key={posted} onPosted={() => setPosted((n) => n + 1)} />;
}

function AdjustmentFormOnce({ onPosted }: { onPosted: () => void }) {
  const { t } = useTranslation(['admin', 'validation']);
  const [form] = Form.useForm<Adjustment>();
  const toast = useToast();
  const { adjust } = useAdminMutations();
  const idempotencyKey = useIdempotencyKey();
  const [pending, setPending] = useState<Adjustment | null>(null);

  return (
    <Panel title={t('adjust.title')} style={{ maxWidth: 640 }}>
      <Form<Adjustment>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => setPending({ account: values.account.trim(), coin: values.coin, amount: values.amount.trim(), reason: values.reason.trim() })}
      >
        <Form.Item name="account" label={t('adjust.account_label')} rules={[schemaRule(subAccountNameSchema, t)]}>
          <Input maxLength={30} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item name="coin" label={t('adjust.coin_label')} rules={[schemaRule(adjustmentBodySchema.shape.coin, t)]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={COINS.map((c) => ({ value: c.code, label: `${c.symbol} · ${c.name}` }))} />
        </Form.Item>
        <Form.Item name="amount" label={t('adjust.amount_label')} extra={t('adjust.amount_hint')} rules={[schemaRule(adjustmentBodySchema.shape.amount, t)]}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item name="reason" label={t('adjust.reason_label')} extra={t('adjust.reason_hint')} rules={[schemaRule(adjustmentBodySchema.shape.reason, t)]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('adjust.submit')}
        </Button>
      </Form>
      {pending && (
        <ConfirmDialog
          title={t('adjust.confirm_title')}
          text={t(pending.amount.startsWith('-') ? 'adjust.confirm_debit' : 'adjust.confirm_credit', {
            amount: `${pending.amount.replace(/^-/, '')} ${coinSymbol(pending.coin)}`,
            account: pending.account,
            reason: pending.reason,
          })}
          okText={t('adjust.submit')}
          danger={pending.amount.startsWith('-')}
          onClose={() => setPending(null)}
          onConfirm={async () => {
            let result: AdjustmentResult;
            try {
              result = await adjust.mutateAsync({ body: pending, idempotencyKey: idempotencyKey(movementFingerprint(pending.coin, pending.account, pending.amount)) });
            } catch (error) {
              // The dialog closes and the refusal shows next to its input (an unknown sub-account,
              // more to take back than there is), or as a toast.
              showFormError(form, error, { byCode: { [ERRORS.transfer_account_invalid.code]: 'account', [ERRORS.insufficient_balance.code]: 'amount' } });
              return;
            }
            // Above the coin's four-eyes threshold the adjustment waits for a second operator.
            if (result.status === 'pending') toast.success(t('approvals.adjustment_pending'));
            else toast.success(t('adjust.done'));
            onPosted();
          }}
        />
      )}
    </Panel>
  );
}
