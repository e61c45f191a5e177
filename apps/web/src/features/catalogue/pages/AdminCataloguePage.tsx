// /admin/catalogue (operators): the miner models. Add one, correct its published figures, set
// its price and sellers, or disable it to hide it from the catalogue. Every save is audited.
import { useState } from 'react';
import { Button, Flex, Form, Input, Select, Switch, Tag } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatHashrate, HASHRATE_UNITS, MINER_KINDS, toHashesPerSecond } from '@hashpool/shared';
import { AdminEditDialog } from '../../../shell/forms/AdminEditDialog';
import { usePools } from '../../../shell/site/site.queries';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { PageHeader } from '../../../ui/PageHeader';
import { Text } from '../../../ui/Text';
import { catalogueApi, type MinerModel, type MinerModelBody } from '../catalogue.api';
import { useAdminMiners, useCatalogueRefresh } from '../catalogue.queries';

type Unit = (typeof HASHRATE_UNITS)[number];
type Values = Omit<MinerModelBody, 'hashrate'> & { hashrate_value: number; hashrate_unit: Unit };

export default function AdminCataloguePage() {
  const { t } = useTranslation('catalogue');
  const miners = useAdminMiners();
  const [editing, setEditing] = useState<MinerModel | 'new' | null>(null);
  const columns: DataColumn<MinerModel>[] = [
    { key: 'model', title: t('columns.model'), render: (m) => <><Text strong>{m.name}</Text> <Text tone="secondary">{m.vendor}</Text></> },
    { key: 'algorithm', title: t('columns.algorithm'), render: (m) => m.algorithm },
    { key: 'hashrate', title: t('columns.hashrate'), align: 'right', render: (m) => formatHashrate(Number(m.hashrate)) },
    { key: 'power', title: t('columns.power'), align: 'right', render: (m) => `${m.power_watts} W` },
    { key: 'price', title: t('specs.price'), align: 'right', render: (m) => (m.price_usd === null ? '--' : `$${m.price_usd}`) },
    { key: 'sellers', title: t('detail.sellers'), align: 'right', render: (m) => m.sellers.length },
    { key: 'state', title: t('admin.state'), render: (m) => <Tag color={m.enabled ? 'success' : 'default'}>{m.enabled ? t('admin.shown') : t('admin.hidden')}</Tag> },
    { key: 'edit', render: (m) => <Button size="small" onClick={() => setEditing(m)}>{t('admin.edit')}</Button> },
  ];
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Panel>
        <Flex vertical gap={12}>
          <Flex>
            <Button type="primary" onClick={() => setEditing('new')}>
              {t('admin.new')}
            </Button>
          </Flex>
          {!miners.data ? <PageSpinner /> : <ResponsiveTable rows={miners.data.list} rowKey={(m) => m.id} columns={columns} caption={t('admin.title')} empty={t('admin.empty')} />}
        </Flex>
      </Panel>
      {editing && <MinerEditor model={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

function unitOf(hs: number): { value: number; unit: Unit } {
  let i = 0;
  while (i < 5 && hs >= 1000 ** (i + 1)) i++;
  return { value: hs / 1000 ** i, unit: HASHRATE_UNITS[i]! };
}

function MinerEditor({ model, onClose }: { model: MinerModel | null; onClose: () => void }) {
  const { t } = useTranslation('catalogue');
  const [form] = Form.useForm<Values>();
  const refresh = useCatalogueRefresh();
  const algorithms = [...new Set((usePools().data ?? []).map((p) => p.algorithm))];
  const [saving, setSaving] = useState(false);
  const start = model ? unitOf(Number(model.hashrate)) : { value: 100, unit: 'TH/s' as Unit };

  const save = async ({ hashrate_value, hashrate_unit, ...v }: Values) => {
    setSaving(true);
    try {
      await catalogueApi.save({ ...v, hashrate: toHashesPerSecond(hashrate_value, hashrate_unit), sellers: v.sellers ?? [] }, model?.id);
      void refresh();
    } finally {
      setSaving(false);
    }
  };
  const n = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

  return (
    <AdminEditDialog<Values>
      form={form}
      title={model ? `${model.vendor} ${model.name}` : t('admin.new')}
      onSave={save}
      saving={saving}
      savedText={t('admin.saved')}
      onClose={onClose}
      initialValues={{
        vendor: model?.vendor ?? '',
        name: model?.name ?? '',
        kind: model?.kind ?? 'asic',
        release_date: model?.release_date ?? null,
        algorithm: model?.algorithm ?? 'SHA256d',
        hashrate_value: start.value,
        hashrate_unit: start.unit,
        power_watts: n(model?.power_watts) ?? 3000,
        price_usd: n(model?.price_usd),
        size: model?.size ?? null,
        weight_kg: n(model?.weight_kg),
        noise_db: model?.noise_db ?? null,
        fans: model?.fans ?? null,
        voltage: model?.voltage ?? null,
        temperature: model?.temperature ?? null,
        humidity: model?.humidity ?? null,
        sellers: model?.sellers ?? [],
        enabled: model?.enabled ?? true,
      }}
    >
      <Flex gap={12} wrap>
        <Form.Item name="vendor" label={t('specs.vendor')} rules={[{ required: true, whitespace: true }]}><Input maxLength={60} /></Form.Item>
        <Form.Item name="name" label={t('admin.name')} rules={[{ required: true, whitespace: true }]}><Input maxLength={80} /></Form.Item>
        <Form.Item name="kind" label={t('admin.kind')}><Select style={{ width: 100 }} options={MINER_KINDS.map((k) => ({ value: k, label: k.toUpperCase() }))} /></Form.Item>
      </Flex>
      <Flex gap={12} wrap>
        <Form.Item name="algorithm" label={t('specs.algorithm')} rules={[{ required: true }]}><Select style={{ width: 180 }} showSearch options={algorithms.map((a) => ({ value: a, label: a }))} /></Form.Item>
        <Form.Item label={t('specs.hashrate')} required>
          <Flex>
            <Form.Item name="hashrate_value" noStyle rules={[{ required: true }]}><NumberInput<number> min={0} style={{ width: 110 }} /></Form.Item>
            <Form.Item name="hashrate_unit" noStyle><Select<Unit> style={{ width: 90 }} options={HASHRATE_UNITS.slice(0, 6).map((u) => ({ value: u, label: u }))} /></Form.Item>
          </Flex>
        </Form.Item>
        <Form.Item name="power_watts" label={t('specs.power')} rules={[{ required: true }]}><NumberInput<number> min={1} addonAfter="W" style={{ width: 130 }} /></Form.Item>
      </Flex>
      <Flex gap={12} wrap>
        <Form.Item name="price_usd" label={t('admin.price_usd')}><NumberInput<number> min={0} style={{ width: 130 }} /></Form.Item>
        <Form.Item name="release_date" label={t('specs.release_date')} normalize={(v: string) => v || null}><Input placeholder="2024-02" maxLength={7} style={{ width: 110 }} /></Form.Item>
        <Form.Item name="noise_db" label={t('specs.noise')}><NumberInput<number> min={0} max={200} precision={0} style={{ width: 90 }} /></Form.Item>
        <Form.Item name="fans" label={t('specs.fans')}><NumberInput<number> min={0} max={50} precision={0} style={{ width: 80 }} /></Form.Item>
        <Form.Item name="weight_kg" label={t('specs.weight')}><NumberInput<number> min={0} style={{ width: 90 }} /></Form.Item>
      </Flex>
      <Flex gap={12} wrap>
        {(['size', 'voltage', 'temperature', 'humidity'] as const).map((f) => (
          <Form.Item key={f} name={f} label={t(`specs.${f}`)} normalize={(v: string) => v || null}><Input maxLength={60} style={{ width: 150 }} /></Form.Item>
        ))}
      </Flex>
      <Text strong>{t('detail.sellers')}</Text>
      <Form.List name="sellers">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} style={{ marginTop: 8 }}>
            {fields.map((field) => (
              <Flex key={field.key} gap={6} wrap align="baseline">
                <Form.Item name={[field.name, 'region']} rules={[{ required: true, whitespace: true }]}><Input placeholder={t('sellers.region')} style={{ width: 100 }} /></Form.Item>
                <Form.Item name={[field.name, 'country']}><Input placeholder={t('sellers.country')} style={{ width: 80 }} /></Form.Item>
                <Form.Item name={[field.name, 'seller']} rules={[{ required: true, whitespace: true }]}><Input placeholder={t('sellers.seller')} style={{ width: 130 }} /></Form.Item>
                <Form.Item name={[field.name, 'url']} normalize={(v: string) => v || null}><Input placeholder="https://" style={{ width: 150 }} /></Form.Item>
                <Form.Item name={[field.name, 'price_usd']}><NumberInput<number> placeholder="USD" min={0} style={{ width: 90 }} /></Form.Item>
                <Form.Item name={[field.name, 'stock']}><NumberInput<number> placeholder={t('sellers.stock')} min={0} precision={0} style={{ width: 80 }} /></Form.Item>
                <MinusCircleOutlined aria-label={t('admin.remove_seller')} onClick={() => remove(field.name)} />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ region: '', country: '', seller: '', url: null, price_usd: null, stock: null })}>
              {t('admin.add_seller')}
            </Button>
          </Flex>
        )}
      </Form.List>
      <Form.Item name="enabled" label={t('admin.shown')} valuePropName="checked" style={{ marginTop: 12 }}><Switch /></Form.Item>
    </AdminEditDialog>
  );
}
