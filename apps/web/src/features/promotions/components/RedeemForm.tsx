// Redeem a coupon code: one code gives one coupon. An empty, unknown, used or expired code gets its
// own message under the input; a redeemed one says "redeem success".
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@hashpool/shared';
import { showFormError } from '../../../shell/forms/server-errors';
import { useToast } from '../../../ui/toast';
import { useCouponMutations } from '../promotions.queries';

const CODE_ERRORS = [ERRORS.coupon_code_required, ERRORS.coupon_code_unknown, ERRORS.coupon_code_used, ERRORS.coupon_code_expired].map((e) => e.code);

export function RedeemForm() {
  const { t } = useTranslation('promotions');
  const [form] = Form.useForm<{ code: string }>();
  const toast = useToast();
  const { redeem } = useCouponMutations();
  return (
    <Form
      form={form}
      layout="inline"
      requiredMark={false}
      style={{ rowGap: 8 }}
      onFinish={async ({ code }) => {
        try {
          await redeem.mutateAsync(code ?? '');
        } catch (error) {
          showFormError(form, error, { byCode: Object.fromEntries(CODE_ERRORS.map((c) => [c, 'code'])) });
          return;
        }
        form.resetFields();
        toast.success(t('coupons.redeem_success'));
      }}
    >
      <Form.Item name="code" rules={[{ required: true, whitespace: true, message: t('coupons.code_required') }]} style={{ minWidth: 240, flex: 1 }}>
        <Input placeholder={t('coupons.code_placeholder')} aria-label={t('coupons.code_label')} maxLength={64} autoComplete="off" spellCheck={false} allowClear />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={redeem.isPending}>
        {t('coupons.redeem')}
      </Button>
    </Form>
  );
}
