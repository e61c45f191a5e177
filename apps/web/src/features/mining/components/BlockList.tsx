// Blocks the pool found: a table on desktop, cards on phones. Confirmations count up to the coin's
// maturity; effort is the pool's work for the block over the expected work (100% = average luck).
// A matured block whose reward did not check out on the chain shows as held, or void once given up.
import { Flex, Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { findCoin, formatAmount, formatDateTime, shortAddress } from '@hashpool/shared';
import { DataTable, type DataColumn } from '../../../ui/DataTable';
import { ExplainedTag } from '../../../ui/ExplainedTag';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { Text } from '../../../ui/Text';
import { formatPercent } from '../lib/format';
import type { BlockRow } from '../mining.api';

const BLOCK_STATUS_COLOURS: Record<BlockRow['status'], string> = { pending: 'processing', confirmed: 'success', orphaned: 'error', held: 'warning', void: 'default' };
/** States a miner would not guess from the word alone: the tag explains itself on hover or tap. */
const EXPLAINED: ReadonlySet<BlockRow['status']> = new Set(['held', 'void']);

/** "57 / 100": confirmations so far of those the reward needs. */
function Maturity({ block }: { block: BlockRow }) {
  const text = `${block.confirmations} / ${block.maturity}`;
  if (block.status !== 'pending' || block.maturity <= 0) return <Text>{text}</Text>;
  return (
    <Flex vertical style={{ minWidth: 110 }}>
      <Text>{text}</Text>
      <Progress percent={Math.min(100, Math.floor((block.confirmations / block.maturity) * 100))} size="small" showInfo={false} />
    </Flex>
  );
}

function useBlockFields(coin: string, timezone: string) {
  const { t } = useTranslation('pool');
  const symbol = findCoin(coin)?.symbol ?? coin.toUpperCase();
  return {
    height: (b: BlockRow) => (
      <span title={b.hash} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {b.height}
      </span>
    ),
    hash: (b: BlockRow) => <Text tone="secondary">{shortAddress(b.hash)}</Text>,
    reward: (b: BlockRow) => `${formatAmount(b.reward, { coin })} ${symbol}`,
    finder: (b: BlockRow) => b.finder || '--',
    time: (b: BlockRow) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(b.time, timezone)}</span>,
    maturity: (b: BlockRow) => <Maturity block={b} />,
    status: (b: BlockRow) => {
      const tag = <Tag color={BLOCK_STATUS_COLOURS[b.status]}>{t(`blocks.status.${b.status}`)}</Tag>;
      return EXPLAINED.has(b.status) ? (
        <ExplainedTag label={t(`blocks.status.${b.status}`)} hint={t(`blocks.status_hint.${b.status}`)}>
          {tag}
        </ExplainedTag>
      ) : (
        tag
      );
    },
    effort: (b: BlockRow) => formatPercent(b.effort),
  };
}

interface BlockListProps {
  coin: string;
  blocks: readonly BlockRow[];
  timezone: string;
  /** The dashboard's short list leaves out the hash and confirmations. */
  brief?: boolean;
}

export function BlockList({ coin, blocks, timezone, brief = false }: BlockListProps) {
  const { t } = useTranslation('pool');
  const isMobile = useIsMobile();
  const field = useBlockFields(coin, timezone);

  if (blocks.length === 0) {
    return (
      <Panel padding={20}>
        <Text tone="secondary">{t('blocks.empty')}</Text>
      </Panel>
    );
  }

  if (isMobile) {
    return (
      <Flex vertical gap={12}>
        {blocks.map((block) => (
          <Panel key={block.hash} padding={16}>
            <Flex justify="space-between" align="center">
              <Text strong>
                {t('blocks.columns.height')} {field.height(block)}
              </Text>
              {field.status(block)}
            </Flex>
            <Flex vertical gap={4} style={{ marginTop: 8 }}>
              <Text tone="secondary">
                {t('blocks.columns.reward')}: <Text>{field.reward(block)}</Text>
              </Text>
              <Text tone="secondary">
                {t('blocks.columns.time', { timezone })}: <Text>{field.time(block)}</Text>
              </Text>
              <Text tone="secondary">
                {t('blocks.columns.finder')}: <Text>{field.finder(block)}</Text>
              </Text>
              {!brief && (
                <Text tone="secondary">
                  {t('blocks.columns.effort')}: <Text>{field.effort(block)}</Text>
                </Text>
              )}
            </Flex>
          </Panel>
        ))}
      </Flex>
    );
  }

  const columns: DataColumn<BlockRow>[] = [
    { key: 'height', title: t('blocks.columns.height'), render: field.height },
    ...(brief ? [] : [{ key: 'hash', title: t('blocks.columns.hash'), render: field.hash }]),
    { key: 'reward', title: t('blocks.columns.reward'), render: field.reward },
    { key: 'finder', title: t('blocks.columns.finder'), render: field.finder },
    { key: 'time', title: t('blocks.columns.time', { timezone }), render: field.time },
    ...(brief ? [] : [{ key: 'maturity', title: t('blocks.columns.maturity'), render: field.maturity }]),
    { key: 'status', title: t('blocks.columns.status'), render: field.status },
    { key: 'effort', title: t('blocks.columns.effort'), align: 'right' as const, render: field.effort },
  ];
  return <DataTable rows={blocks} rowKey={(b) => b.hash} columns={columns} caption={t('blocks.title')} />;
}
