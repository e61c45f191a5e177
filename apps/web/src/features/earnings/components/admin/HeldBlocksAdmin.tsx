// Operators (finance, admin): matured blocks whose reward did not check out on the coin's wallet
// node (the server's block-holds.service.ts). Each shows what the node said and since when; a block
// that will never check out can be voided with a reason (audited): it pays nothing and is not
// checked again. There is no way to pay one by hand.
import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Tag } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findCoin, formatAmount, formatDateTime, heldBlockVoidBodySchema, shortAddress } from '@hashpool/shared';
import type { DataColumn } from '../../../../ui/DataTable';
import { PageSpinner } from '../../../../ui/PageSpinner';
import { Paragraph, Text } from '../../../../ui/Text';
import { ResponsiveTable } from '../../../../ui/ResponsiveTable';
import { schemaRule } from '../../../../shell/forms/rules';
import { AdminEditDialog } from '../../../../shell/forms/AdminEditDialog';
import type { HeldBlock } from '../../earnings.api';
import { useEarningsAdminMutations, useHeldBlocks } from '../../earnings.queries';

const symbolOf = (coin: string) => findCoin(coin)?.symbol ?? coin.toUpperCase();

export function HeldBlocksAdmin({ timezone }: { timezone: string }) {
  const { t } = useTranslation('earnings');
  const data = useHeldBlocks();
  const [voiding, setVoiding] = useState<HeldBlock | null>(null);
  if (!data.data) return data.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />;

  const columns: DataColumn<HeldBlock>[] = [
    {
      key: 'block',
      title: t('held_blocks.columns.block'),
      render: (b) => (
        <Flex vertical>
          <Text strong>
            {symbolOf(b.coin)} {b.height}
          </Text>
          <Text tone="secondary" title={b.hash}>
            {shortAddress(b.hash)}
          </Text>
        </Flex>
      ),
    },
    { key: 'reward', title: t('held_blocks.columns.reward'), align: 'right', render: (b) => <span style={{ whiteSpace: 'nowrap' }}>{`${formatAmount(b.reward, { coin: b.coin })} ${symbolOf(b.coin)}`}</span> },
    { key: 'found', title: t('held_blocks.columns.found', { timezone }), render: (b) => formatDateTime(b.found_at, timezone, 'YYYY-MM-DD HH:mm') },
    {
      key: 'reasons',
      title: t('held_blocks.columns.reasons'),
      render: (b) => (
        <Flex vertical gap={6}>
          {b.holds.map((h) => (
            <Flex key={h.reason} vertical gap={2} align="flex-start">
              <Tag color="orange" style={{ whiteSpace: 'normal' }}>
                {t(`held_blocks.reason.${h.reason}`)}
              </Tag>
              {/* What differed, in the node's words (amounts, hashes): not translated. */}
              <Text tone="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
                {h.detail}
              </Text>
              <Text tone="secondary" style={{ fontSize: 12 }}>
                {t('held_blocks.seen', { since: formatDateTime(h.since, timezone, 'YYYY-MM-DD HH:mm'), last: formatDateTime(h.last_seen, timezone, 'YYYY-MM-DD HH:mm') })}
              </Text>
            </Flex>
          ))}
        </Flex>
      ),
    },
    {
      key: 'void',
      align: 'right',
      render: (b) => (
        <Button size="small" danger icon={<StopOutlined />} aria-label={t('held_blocks.void_aria', { coin: symbolOf(b.coin), height: b.height })} onClick={() => setVoiding(b)}>
          {t('held_blocks.void')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Paragraph tone="secondary" style={{ margin: 0, maxWidth: 760 }}>
        {t('held_blocks.intro')}
      </Paragraph>
      <ResponsiveTable rows={data.data.list} rowKey={(b) => b.id} columns={columns} caption={t('held_blocks.title')} empty={t('held_blocks.empty')} cardTestId="held-block" />
      {voiding && <VoidDialog block={voiding} onClose={() => setVoiding(null)} />}
    </Flex>
  );
}

function VoidDialog({ block, onClose }: { block: HeldBlock; onClose: () => void }) {
  const { t } = useTranslation(['earnings', 'validation']);
  const [form] = Form.useForm<{ reason: string }>();
  const { voidHeldBlock } = useEarningsAdminMutations();
  return (
    <AdminEditDialog<{ reason: string }>
      form={form}
      title={t('held_blocks.dialog_title', { coin: symbolOf(block.coin), height: block.height })}
      onSave={(v) => voidHeldBlock.mutateAsync({ id: block.id, reason: v.reason.trim() })}
      saving={voidHeldBlock.isPending}
      savedText={t('held_blocks.voided')}
      okText={t('held_blocks.ok')}
      danger
      onClose={onClose}
      initialValues={{ reason: '' }}
    >
      <Alert type="warning" showIcon message={t('held_blocks.void_warning')} style={{ marginBottom: 16 }} />
      <Form.Item name="reason" label={t('admin.reason_label')} extra={t('admin.reason_hint')} rules={[schemaRule(heldBlockVoidBodySchema.shape.reason, t)]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </AdminEditDialog>
  );
}
