// /asset/:type/stake-now (wallet.view; ALEO only): the sub-account's available and staked ALEO,
// the active stake (locked amount, borrowed part, unclaimed reward) with add, reduce, claim and
// unstake, and the open stake batches to stake into. The rules are said on the page
// (docs/rules.md, Staking); the server decides and says why it refuses.
import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, utcDay } from '@hashpool/shared';
import { presentFailure } from '../../../shell/api/error-presenter';
import { useIdempotencyKey } from '../../../shell/api/idempotency';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Panel } from '../../../ui/Panel';
import { StatCard } from '../../../ui/StatCard';
import { StatGrid } from '../../../ui/StatGrid';
import { StatusResult } from '../../../ui/StatusResult';
import { Paragraph, Text, Title } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { compareDecimals } from '../../../ui/decimal';
import { displayAmount } from '../../wallet';
import { AleoPage, Loading } from '../components/AleoPage';
import { AmountDialog } from '../components/AmountDialog';
import { BatchTerms, percent } from '../components/BatchTerms';
import { stakingApi, type Stake, type StakeBatch, type StakingOverview } from '../staking.api';
import { useStaking, useWalletMutation } from '../staking.queries';

type Dialog = { kind: 'stake'; batch: StakeBatch } | { kind: 'reduce' } | { kind: 'unstake' } | null;

const minOf = (a: string, b: string) => (compareDecimals(a, b) <= 0 ? a : b);

function StakeCard({ stake, timezone, onReduce, onUnstake, onAdd }: { stake: Stake; timezone: string; onReduce: () => void; onUnstake: () => void; onAdd: () => void }) {
  const { t } = useTranslation('staking');
  const toast = useToast();
  const keyFor = useIdempotencyKey();
  // One key per claim: a retry after a lost answer sends it again, but once a claim is paid the next
  // one is another submission, even for the same unclaimed amount (the next day's reward can read the same).
  const [claims, setClaims] = useState(0);
  const claim = useWalletMutation(() => stakingApi.claim(keyFor(`claim:${claims}|${stake.accrued_through}|${stake.claimed_reward}|${stake.unclaimed_reward}`)));
  const flexible = stake.batch.duration_type === 'flexible';
  const adjustable = stake.batch.stake_type === 'adjustable';
  return (
    <Panel padding={24} data-testid="active-stake">
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Title level={2} style={{ margin: 0, fontSize: 18 }}>
            {t('stake.title', { batch: stake.batch.code })}
          </Title>
          <Flex gap={8} wrap>
            <Button type="primary" onClick={onAdd}>
              {t('stake.add')}
            </Button>
            {flexible && (
              <Button
                loading={claim.isPending}
                disabled={compareDecimals(stake.claimable_reward, '0') <= 0}
                onClick={() =>
                  claim.mutateAsync(undefined).then((r) => {
                    setClaims((n) => n + 1);
                    toast.success(t('stake.claimed', { amount: r.paid }));
                  }, presentFailure)
                }
              >
                {t('stake.claim')}
              </Button>
            )}
            {adjustable && <Button onClick={onReduce}>{t('stake.reduce')}</Button>}
            {adjustable && <Button danger onClick={onUnstake}>{t('stake.unstake')}</Button>}
          </Flex>
        </Flex>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'amount', label: t('stake.locked'), children: <Text strong data-testid="stake-amount">{stake.amount} ALEO</Text> },
            { key: 'borrowed', label: t('stake.borrowed'), children: `${stake.borrowed} ALEO` },
            { key: 'unclaimed', label: t('stake.unclaimed'), children: <span data-testid="stake-unclaimed" title={stake.unclaimed_reward}>{displayAmount(stake.unclaimed_reward, 'aleo')} ALEO</span> },
            { key: 'claimed', label: t('stake.claimed_total'), children: `${stake.claimed_reward} ALEO` },
            { key: 'accrued', label: t('stake.accrued_through'), children: stake.accrued_through },
            { key: 'unstake', label: t('stake.unstake_from'), children: formatDateTime(stake.unstake_from, timezone, 'YYYY-MM-DD HH:mm') },
          ]}
        />
        <Paragraph tone="secondary" style={{ margin: 0 }}>
          {flexible ? t('rules.flexible') : t('rules.fixed', { end: stake.batch.end_day })} {adjustable ? t('rules.adjustable') : t('rules.full_lock')}
        </Paragraph>
      </Flex>
    </Panel>
  );
}

function Batches({ data, onStake }: { data: StakingOverview; onStake: (batch: StakeBatch) => void }) {
  const { t } = useTranslation('staking');
  if (data.batches.length === 0) return <StatusResult status="info" title={t('batches.none')} />;
  return (
    <Flex vertical gap={12}>
      {data.batches.map((b) => {
        const other = data.stake_account !== null || (data.stake !== null && data.stake.batch.id !== b.id);
        return (
          <Panel key={b.id} padding={20} data-testid="stake-batch">
            <Flex justify="space-between" align="center" wrap gap={12}>
              <Flex vertical gap={6}>
                <Flex gap={8} align="center" wrap>
                  <Text strong style={{ fontSize: 16 }}>{b.code}</Text>
                  <Tag color={b.duration_type === 'fixed' ? 'purple' : 'green'}>{t(`duration.${b.duration_type}`)}</Tag>
                  <Tag>{t(`type.${b.stake_type}`)}</Tag>
                  {b.demo && <Tag color="orange">{t('demo')}</Tag>}
                </Flex>
                <BatchTerms batch={b} />
              </Flex>
              <Flex vertical align="end" gap={4}>
                <Text strong style={{ fontSize: 20 }}>{percent(b.annual_rate)}</Text>
                <Text tone="secondary">{t('batches.annual')}</Text>
                <Button type="primary" disabled={other} onClick={() => onStake(b)} aria-label={t('batches.stake_in', { batch: b.code })}>
                  {data.stake?.batch.id === b.id ? t('stake.add') : t('batches.stake')}
                </Button>
              </Flex>
            </Flex>
          </Panel>
        );
      })}
    </Flex>
  );
}

/**
 * The unstake confirmation. Mounted on each opening, so each opening has its own idempotency key
 * (a retry in the same dialog after a lost answer keeps it). The call is silent: a refusal (before
 * 00:00 UTC the day after staking, a loan against the stake) is shown here.
 */
function UnstakeDialog({ acceptForfeit, text, onClose }: { acceptForfeit: boolean; text: string; onClose: () => void }) {
  const { t } = useTranslation('staking');
  const toast = useToast();
  const keyFor = useIdempotencyKey();
  const unstake = useWalletMutation((accept: boolean) => stakingApi.unstake(accept, keyFor(`unstake:${accept}`)));
  return (
    <ConfirmDialog
      title={t('stake.unstake')}
      text={text}
      okText={t('stake.unstake')}
      onConfirm={() => unstake.mutateAsync(acceptForfeit).then(() => toast.success(t('done.unstaked')))}
      onError={presentFailure}
      onClose={onClose}
    />
  );
}

function Staking({ timezone }: { timezone: string }) {
  const { t } = useTranslation('staking');
  const toast = useToast();
  const overview = useStaking();
  const [dialog, setDialog] = useState<Dialog>(null);
  const stake = useWalletMutation((a: { batch: string; amount: string; key: string }) => stakingApi.stake(a.batch, a.amount, a.key));
  const reduce = useWalletMutation((a: { amount: string; key: string }) => stakingApi.reduce(a.amount, a.key));

  if (!overview.data) return <Loading query={overview} />;
  const data = overview.data;
  // From the end day (UTC) an unstake is the end of the term: the reward is paid, not lost.
  const fixedEarly = data.stake?.batch.duration_type === 'fixed' && data.stake.batch.end_day > utcDay(new Date());
  return (
    <>
      <StatGrid columns={3}>
        <StatCard label={t('summary.available')} value={data.available_balance} unit="ALEO" testId="aleo-available" />
        <StatCard label={t('summary.locked')} value={data.locked_balance} unit="ALEO" testId="aleo-locked" />
        <StatCard label={t('summary.minimum')} value={data.min_stake} unit="ALEO" />
      </StatGrid>
      <Alert type="info" showIcon title={t('rules.summary')} />
      {data.stake_account !== null && <Alert type="warning" showIcon data-testid="stake-elsewhere" title={t('stake.elsewhere', { account: data.stake_account })} />}
      {data.stake && (
        <StakeCard
          stake={data.stake}
          timezone={timezone}
          onAdd={() => setDialog({ kind: 'stake', batch: data.stake!.batch })}
          onReduce={() => setDialog({ kind: 'reduce' })}
          onUnstake={() => setDialog({ kind: 'unstake' })}
        />
      )}
      <section aria-labelledby="batches-title">
        <Title level={2} id="batches-title" style={{ fontSize: 18, marginTop: 0 }}>
          {t('batches.title')}
        </Title>
        <Batches data={data} onStake={(batch) => setDialog({ kind: 'stake', batch })} />
      </section>
      {dialog?.kind === 'stake' && (
        <AmountDialog
          title={t('dialog.stake_title', { batch: dialog.batch.code })}
          label={t('dialog.amount')}
          max={minOf(data.available_balance, dialog.batch.available_amount)}
          notice={t('dialog.stake_notice', { min: data.min_stake })}
          okText={t('batches.stake')}
          onSubmit={(amount, key) => stake.mutateAsync({ batch: dialog.batch.id, amount, key }).then(() => toast.success(t('done.staked')))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'reduce' && data.stake && (
        <AmountDialog
          title={t('stake.reduce')}
          label={t('dialog.amount')}
          notice={t('dialog.reduce_notice', { min: data.min_stake })}
          okText={t('stake.reduce')}
          onSubmit={(amount, key) => reduce.mutateAsync({ amount, key }).then(() => toast.success(t('done.reduced')))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'unstake' && data.stake && (
        <UnstakeDialog
          acceptForfeit={fixedEarly}
          text={fixedEarly ? t('dialog.unstake_fixed', { reward: data.stake.unclaimed_reward }) : t('dialog.unstake_flexible', { reward: data.stake.batch.duration_type === 'fixed' ? data.stake.unclaimed_reward : data.stake.claimable_reward })}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

export default function StakeNowPage() {
  const { t } = useTranslation('staking');
  return (
    <AleoPage title={t('title')} path="/asset/aleo/stake-now">
      {(timezone) => <Staking timezone={timezone} />}
    </AleoPage>
  );
}
