// /fund/:id (account.view): one posting of the wallet with everything known about it: a readable
// description from its type and recorded facts (lib/fund-description.ts), type, signed amount,
// fee, status, the chain's transaction id, the address or the other sub-account, and the time in
// the user's timezone. Internal references and keys are not shown.
import type { ReactNode } from 'react';
import { Button, Flex, theme } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime } from '@hashpool/shared';
import type { UserMine } from '../../../shell/session/user.api';
import { SafeLink } from '../../../shell/navigation/navigation';
import { AddressText } from '../../../ui/AddressText';
import { AmountText } from '../../../ui/AmountText';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { StatusResult } from '../../../ui/StatusResult';
import { useIsMobile } from '../../../ui/responsive';
import { WalletFrame } from '../components/WalletFrame';
import { WalletStatusTag } from '../components/WalletStatusTag';
import { coinSymbol } from '../lib/balances';
import { fundDescription } from '../lib/fund-description';
import { walletPaths } from '../lib/constants';
import { useFund } from '../wallet.queries';

function Field({ label, children }: { label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  return (
    <Flex vertical={isMobile} gap={isMobile ? 2 : 24} style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <dt style={{ width: isMobile ? undefined : 200, flexShrink: 0, color: token.colorTextSecondary }}>{label}</dt>
      <dd style={{ margin: 0, minWidth: 0, wordBreak: 'break-all', color: token.colorText }}>{children}</dd>
    </Flex>
  );
}

function Detail({ id, mine }: { id: string; mine: UserMine }) {
  const { t, i18n } = useTranslation('wallet');
  const fund = useFund(id);
  const back = (
    <SafeLink to={walletPaths.transactions}>
      <Button icon={<LeftOutlined />}>{t('fund.back')}</Button>
    </SafeLink>
  );
  if (fund.isError) return <StatusResult status="not-found" title={t('fund.not_found')} extra={back} />;
  if (!fund.data) return <PageSpinner />;
  const f = fund.data;
  return (
    <Flex vertical gap={16} align="flex-start">
      {back}
      <Panel style={{ width: '100%' }} title={`${t(`business_type.${f.business_type}`)} · ${coinSymbol(f.coin)}`}>
        <dl style={{ margin: 0 }} data-testid="fund-detail">
          <Field label={t('fund.fields.description')}>
            <span data-testid="fund-description">{fundDescription(f, t, i18n.language)}</span>
          </Field>
          <Field label={t('fund.fields.id')}>{f.id}</Field>
          <Field label={t('fund.fields.type')}>{t(`business_type.${f.business_type}`)}</Field>
          <Field label={t('fund.fields.amount')}>
            <AmountText value={f.amount} coin={f.coin} signed strong />
          </Field>
          {f.fee !== null && (
            <Field label={t('fund.fields.fee')}>
              <AmountText value={f.fee} coin={f.coin} />
            </Field>
          )}
          <Field label={t('fund.fields.status')}>
            <WalletStatusTag status={f.status} />
          </Field>
          {f.txid && (
            <Field label={t('fund.fields.txid')}>
              <AddressText value={f.txid} label={t('fund.fields.txid')} full />
            </Field>
          )}
          {f.address && (
            <Field label={t('fund.fields.address')}>
              <AddressText value={f.address} label={t('fund.fields.address')} full />
            </Field>
          )}
          {f.counterparty && <Field label={t('fund.fields.counterparty')}>{f.counterparty}</Field>}
          <Field label={t('fund.fields.time', { timezone: mine.timezone })}>{formatDateTime(f.created_at, mine.timezone)}</Field>
        </dl>
      </Panel>
    </Flex>
  );
}

export default function FundDetailPage() {
  const { t } = useTranslation('wallet');
  const { id = '' } = useParams();
  return (
    <WalletFrame title={t('fund.title')} nav={false}>
      {(mine) => <Detail id={id} mine={mine} />}
    </WalletFrame>
  );
}
