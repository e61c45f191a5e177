// Automatic payout of one coin: when the available balance reaches the threshold, the pool pays it
// to the chosen withdraw address. The threshold is at least the coin's minimum withdrawal; a
// decimal comma ("0,5") is taken as the point (lib/amounts.ts).
import { Alert, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERRORS, shortAddress } from '@hashpool/shared';
import { useToast } from '../../../ui/toast';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { formRules } from '../../../shell/forms/rules';
import { amountProblem, normalisedAmount } from '../lib/amounts';
import { coinSymbol, displayAmount } from '../lib/balances';
import type { BalanceItem, PayoutSetting } from '../wallet.api';
import { useAddresses, useSavePayoutSetting } from '../wallet.queries';

interface Values {
  coin: string;
  address_id: string;
  threshold: string;
  enabled: boolean;
}

interface PayoutDialogProps {
  balances: readonly BalanceItem[];
  /** The setting to change; a new one otherwise. */
  setting: PayoutSetting | null;
  onClose: () => void;
}

/** No upper limit on a threshold: any amount above the minimum may be waited for. */
const NO_LIMIT = '99999999999999999999';

export default function PayoutDialog({ balances, setting, onClose }: PayoutDialogProps) {
  const { t } = useTranslation(['wallet', 'validation']);
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const save = useSavePayoutSetting();
  const rules = formRules(t);
  const coin = Form.useWatch('coin', form) ?? setting?.coin;
  const addresses = useAddresses(coin);
  const balance = balances.find((b) => b.coin === coin);
  const minimum = balance?.min_withdraw ?? '0';

  return (
    <FormDialog<Values>
      form={form}
      title={t('payout.dialog_title')}
      okText={t('payout.save')}
      initialValues={setting ? { coin: setting.coin, address_id: setting.address_id, threshold: setting.threshold, enabled: setting.enabled } : { enabled: true }}
      onClose={onClose}
      errorFields={{ byCode: { [ERRORS.address_not_found.code]: 'address_id', [ERRORS.withdraw_below_minimum.code]: 'threshold' } }}
      onSubmit={async (values) => {
        await save.mutateAsync({ coin: values.coin, address_id: values.address_id, threshold: normalisedAmount(values.threshold), enabled: values.enabled });
        toast.success(t('payout.saved'));
      }}
    >
      <Form.Item name="coin" label={t('payout.coin_label')} rules={rules.required}>
        <Select
          disabled={setting !== null}
          showSearch={{ optionFilterProp: 'label' }}
          options={balances.filter((b) => b.withdraw_enabled).map((b) => ({ value: b.coin, label: coinSymbol(b.coin) }))}
          onChange={() => form.setFieldValue('address_id', undefined)}
        />
      </Form.Item>
      {coin && addresses.data?.length === 0 && <Alert type="info" showIcon title={t('payout.no_address', { coin: coinSymbol(coin) })} style={{ marginBottom: 16 }} />}
      <Form.Item name="address_id" label={t('payout.address_label')} rules={rules.required}>
        <Select
          disabled={!coin}
          loading={addresses.isFetching}
          options={(addresses.data ?? []).map((a) => ({ value: a.id, label: `${a.alias} · ${shortAddress(a.address)}` }))}
        />
      </Form.Item>
      <Form.Item
        name="threshold"
        label={t('payout.threshold_label')}
        extra={coin ? t('payout.threshold_hint', { minimum: `${displayAmount(minimum, coin)} ${coinSymbol(coin)}` }) : undefined}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!coin) return;
              const problem = amountProblem(value, { coin, minimum, available: NO_LIMIT });
              if (problem) throw new Error(t(problem.key, 'values' in problem ? problem.values : {}));
            },
          },
        ]}
      >
        <Input inputMode="decimal" autoComplete="off" suffix={coin ? coinSymbol(coin) : undefined} />
      </Form.Item>
      <Form.Item name="enabled" label={t('payout.enabled_label')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
