// Add a withdraw address: a name for it, the address (KDA: its public key too, paid on chain 0)
// and the second factor, whose emailed or texted code is bound to this coin and address
// (walletSubject.withdrawAddress). Adding one starts the 24-hour withdrawal hold, said beforehand.
import { Alert, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { COINS, ERRORS, findCoin, walletSubject } from '@hashpool/shared';
import { usePoolStratum } from '../../mining';
import type { UserMine } from '../../../shell/session/user.api';
import type { Verification } from '../../../shell/verification/verification.api';
import { useToast } from '../../../ui/toast';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';
import { formRules } from '../../../shell/forms/rules';
import { coinSymbol } from '../lib/balances';
import { walletRules } from '../lib/rules';
import type { WithdrawAddress } from '../wallet.api';
import { useAddressMutations } from '../wallet.queries';

/** docs/rules.md, Limits and constants: KDA withdrawals name a chain; the pool's is 0. */
export const KDA_CHAIN = 0;

interface Values {
  coin: string;
  alias: string;
  address: string;
  public_key?: string;
  verification?: Verification;
}

interface AddressDialogProps {
  mine: UserMine;
  /** The coin, when the dialog is opened for one (from the withdraw dialog); else chosen here. */
  coin?: string;
  onClose: () => void;
  onAdded?: (address: WithdrawAddress) => void;
}

export default function AddressDialog({ mine, coin: givenCoin, onClose, onAdded }: AddressDialogProps) {
  const { t } = useTranslation(['wallet', 'validation']);
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const { add } = useAddressMutations();
  const rules = formRules(t);
  const wallet = walletRules(t);
  const coin = Form.useWatch('coin', form) ?? givenCoin;
  const isKda = coin === 'kda';
  // The server checks btc, ltc and doge addresses against the network of the coin's node; on a
  // test pool the form says which network before the server has to refuse a main-network address.
  const network = usePoolStratum(coin ?? '', !!coin && findCoin(coin)?.mode === 'account').data?.network;

  /** The code is bound to coin and address: both must be right before one is sent. */
  const subject = async () => {
    try {
      const values = await form.validateFields(['coin', 'address']);
      return walletSubject.withdrawAddress({ coin: values.coin, address: values.address.trim() });
    } catch {
      return null;
    }
  };

  return (
    <FormDialog<Values>
      form={form}
      title={givenCoin ? t('addresses.add_title', { coin: coinSymbol(givenCoin) }) : t('addresses.add_title_any')}
      okText={t('addresses.add')}
      initialValues={{ coin: givenCoin }}
      onClose={onClose}
      errorFields={{
        byCode: {
          [ERRORS.address_invalid.code]: 'address',
          [ERRORS.address_duplicate.code]: 'address',
          [ERRORS.public_key_invalid.code]: 'public_key',
        },
      }}
      onSubmit={async (values) => {
        const added = await add.mutateAsync({
          coin: values.coin,
          alias: values.alias.trim(),
          address: values.address.trim(),
          ...(values.coin === 'kda' ? { chain: KDA_CHAIN, ...(values.public_key?.trim() ? { public_key: values.public_key.trim() } : {}) } : {}),
          verification: verificationOf(values),
        });
        toast.success(t('addresses.added'));
        onAdded?.(added);
      }}
    >
      <Alert type="info" showIcon title={t('addresses.hold_notice')} style={{ marginBottom: 16 }} />
      <Form.Item name="coin" label={t('addresses.coin_label')} rules={rules.required} hidden={givenCoin !== undefined}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={COINS.map((c) => ({ value: c.code, label: `${c.symbol} · ${c.name}` }))} />
      </Form.Item>
      <Form.Item name="alias" label={t('addresses.alias_label')} rules={wallet.alias}>
        <Input maxLength={40} autoComplete="off" placeholder={t('addresses.alias_placeholder')} />
      </Form.Item>
      {network && network !== 'mainnet' && <Alert type="warning" showIcon title={t('addresses.network_notice', { coin: coinSymbol(coin!), network })} style={{ marginBottom: 16 }} data-testid="address-network" />}
      <Form.Item name="address" label={t('addresses.address_label')} rules={wallet.address}>
        <Input maxLength={200} autoComplete="off" spellCheck={false} />
      </Form.Item>
      {isKda && (
        <>
          <Form.Item name="public_key" label={t('addresses.public_key_label')} extra={t('addresses.public_key_hint')}>
            <Input maxLength={200} autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Alert type="info" title={t('addresses.chain_note', { chain: KDA_CHAIN })} style={{ marginBottom: 16 }} />
        </>
      )}
      <SecondFactorFields mine={mine} operation="withdraw_address" subject={subject} />
    </FormDialog>
  );
}
