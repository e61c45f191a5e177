// The operators' coupon campaigns (a tab of /admin/wallet): create one (reduction percent, coins,
// days of validity once started, use-before date, a number of random codes or one code of their
// own), download each campaign's codes as CSV and disable a campaign (its codes not yet redeemed
// redeem no more; redeemed coupons stay valid). All are audited by the server. Submitting (a
// button or Enter in a field) and disabling ask to confirm first: a campaign hands out fee reductions.
import { useState } from 'react';
import { Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import { NumberInput } from '../../../../ui/NumberInput';
import { DownloadOutlined, StopOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { COINS, createCampaignBodySchema, formatDateTime, type Language } from '@hashpool/shared';
import { NamesPerLanguage } from '../../../../shell/forms/NamesPerLanguage';
import { schemaRule } from '../../../../shell/forms/rules';
import { showFormError } from '../../../../shell/forms/server-errors';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import type { DataColumn } from '../../../../ui/DataTable';
import { PageSpinner } from '../../../../ui/PageSpinner';
import { Pager } from '../../../../ui/Pager';
import { Panel } from '../../../../ui/Panel';
import { ResponsiveTable } from '../../../../ui/ResponsiveTable';
import { saveFile } from '../../../../ui/save-file';
import { useToast } from '../../../../ui/toast';
import { wallTimeToIso } from '../../../../ui/wall-time';
import { coinsLabel } from '../../lib/format';
import { CampaignStatusTag } from '../StatusTags';
import { promotionsApi, type Campaign } from '../../promotions.api';
import { useAdminMutations, useCampaigns } from '../../promotions.queries';

const ACCOUNT_COINS = COINS.filter((c) => c.mode === 'account');

interface CampaignForm {
  name: string;
  names?: Partial<Record<Language, string>>;
  reduction_percent: string;
  coins?: string[];
  valid_days: number;
  use_before: Dayjs;
  code_count: number;
  code?: string;
}

function CreateCampaign({ timezone }: { timezone: string }) {
  const { t } = useTranslation(['promotions', 'validation']);
  const [form] = Form.useForm<CampaignForm>();
  const toast = useToast();
  const { createCampaign } = useAdminMutations();
  const shape = createCampaignBodySchema.shape;
  const [pending, setPending] = useState<CampaignForm | null>(null);
  const create = async (v: CampaignForm) => {
    const code = v.code?.trim();
    try {
      await createCampaign.mutateAsync({
        name: v.name.trim(),
        names: v.names ?? {},
        reduction_percent: v.reduction_percent.trim(),
        coins: v.coins ?? [],
        valid_days: v.valid_days,
        use_before: wallTimeToIso(v.use_before, timezone),
        code_count: code ? 1 : v.code_count,
        ...(code ? { code } : {}),
      });
    } catch (error) {
      showFormError(form, error);
      return;
    }
    toast.success(t('admin.campaigns.created'));
    form.resetFields();
  };
  return (
    <Panel title={t('admin.campaigns.create')} style={{ maxWidth: 720 }}>
      <Form<CampaignForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ valid_days: 30, code_count: 100, reduction_percent: '20' }}
        onFinish={(v) => setPending(v)}
      >
        <Form.Item name="name" label={t('admin.campaigns.name')} rules={[schemaRule(shape.name, t)]}>
          <Input maxLength={64} />
        </Form.Item>
        <NamesPerLanguage max={64} />
        <Flex gap={16} wrap>
          <Form.Item name="reduction_percent" label={t('admin.campaigns.percent')} extra={t('admin.campaigns.percent_hint')} rules={[schemaRule(shape.reduction_percent, t)]} style={{ flex: 1, minWidth: 200 }}>
            <Input inputMode="decimal" suffix="%" />
          </Form.Item>
          <Form.Item name="valid_days" label={t('admin.campaigns.valid_days')} rules={[{ required: true, message: t('validation:required') }]} style={{ flex: 1, minWidth: 200 }}>
            <NumberInput min={1} max={365} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="coins" label={t('admin.campaigns.coins')} extra={t('admin.campaigns.coins_hint')}>
          <Select mode="multiple" allowClear options={ACCOUNT_COINS.map((c) => ({ value: c.code, label: `${c.symbol} · ${c.name}` }))} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="use_before" label={t('admin.campaigns.use_before_in', { timezone })} rules={[{ required: true, message: t('validation:required') }]} style={{ flex: 1, minWidth: 200 }}>
            <DatePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="code_count" label={t('admin.campaigns.code_count')} rules={[{ required: true, message: t('validation:required') }]} style={{ flex: 1, minWidth: 200 }}>
            <NumberInput min={1} max={10000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="code" label={t('admin.campaigns.own_code')} extra={t('admin.campaigns.own_code_hint')}>
          <Input maxLength={32} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={createCampaign.isPending}>
          {t('admin.campaigns.submit')}
        </Button>
      </Form>
      {pending && (
        <ConfirmDialog
          title={t('admin.campaigns.confirm_title')}
          text={t('admin.campaigns.confirm_text', { name: pending.name.trim(), percent: pending.reduction_percent.trim(), count: pending.code?.trim() ? 1 : pending.code_count })}
          okText={t('admin.campaigns.submit')}
          danger={false}
          onConfirm={() => create(pending)}
          onClose={() => setPending(null)}
        />
      )}
    </Panel>
  );
}

export function CampaignsAdmin({ timezone }: { timezone: string }) {
  const { t } = useTranslation('promotions');
  const [page, setPage] = useState(1);
  const campaigns = useCampaigns(page);
  const [busy, setBusy] = useState<string | null>(null);
  const [disabling, setDisabling] = useState<Campaign | null>(null);
  const { disableCampaign } = useAdminMutations();
  const toast = useToast();
  const download = async (c: Campaign) => {
    setBusy(c.id);
    try {
      const file = await promotionsApi.codesCsv(c.id);
      saveFile(file.blob, file.name);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };
  const columns: DataColumn<Campaign>[] = [
    { key: 'name', title: t('admin.campaigns.name'), render: (c) => (c.is_demo ? `${c.name} (${t('demo_label')})` : c.name) },
    { key: 'percent', title: t('admin.campaigns.percent'), render: (c) => `${c.reduction_percent} %` },
    { key: 'coins', title: t('admin.campaigns.coins'), render: (c) => (c.coins.length ? coinsLabel(c.coins) : t('admin.campaigns.all_coins')) },
    { key: 'days', title: t('admin.campaigns.valid_days'), render: (c) => c.valid_days },
    { key: 'use_before', title: t('admin.campaigns.use_before'), render: (c) => formatDateTime(c.use_before, timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'codes', title: t('admin.campaigns.redeemed'), render: (c) => `${c.redeemed} / ${c.code_count}` },
    { key: 'state', title: t('admin.campaigns.state'), render: (c) => <CampaignStatusTag disabled={c.disabled_at !== null} /> },
    {
      key: 'csv',
      align: 'right',
      render: (c) => (
        <Flex gap={8} justify="flex-end" wrap>
          <Button size="small" icon={<DownloadOutlined />} loading={busy === c.id} onClick={() => void download(c)}>
            {t('admin.campaigns.csv')}
          </Button>
          {c.disabled_at === null && (
            <Button size="small" danger icon={<StopOutlined />} onClick={() => setDisabling(c)}>
              {t('admin.campaigns.disable')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <CreateCampaign timezone={timezone} />
      {!campaigns.data ? (
        <PageSpinner />
      ) : (
        <ResponsiveTable rows={campaigns.data.list} rowKey={(c) => c.id} columns={columns} caption={t('admin.campaigns.title')} empty={t('admin.campaigns.empty')} cardTestId="campaign" />
      )}
      <Pager page={page} total={campaigns.data?.total ?? 0} onChange={setPage} />
      {disabling && (
        <ConfirmDialog
          title={t('admin.campaigns.disable_title', { name: disabling.name })}
          text={t('admin.campaigns.disable_text', { left: disabling.code_count - disabling.redeemed, redeemed: disabling.redeemed })}
          okText={t('admin.campaigns.disable')}
          onConfirm={async () => {
            await disableCampaign.mutateAsync(disabling.id);
            toast.success(t('admin.campaigns.disabled_done'));
          }}
          onClose={() => setDisabling(null)}
        />
      )}
    </Flex>
  );
}
