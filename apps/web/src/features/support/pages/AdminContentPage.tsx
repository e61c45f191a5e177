// /admin/content (operators): announcements, banners (sliders), advertisements and footer links.
// Each item has its text per language (English required; a language left empty reads English, and
// the list and the editor say which are missing), its position or footer column, order, window
// (start and end) and state; banners and advertisements may carry an uploaded image (previewed
// here, public once a published item shows it). Every save is in the audit log. Times (start, end,
// publication) are typed and shown in the operator's timezone, as the list shows them; a time left
// as it was is sent as it was (to the millisecond), so saving an untouched item changes nothing.
import { useState } from 'react';
import { Button, DatePicker, Flex, Form, Input, Popconfirm, Select, Switch, Tabs, Tag } from 'antd';
import { NumberInput } from '../../../ui/NumberInput';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CAMPAIGN_SLUGS, CONTENT_KINDS, formatDateTime, LANGUAGES, SLIDER_TONES, type Language } from '@hashpool/shared';
import { AdminEditDialog } from '../../../shell/forms/AdminEditDialog';
import { useMine } from '../../../shell/session/user.queries';
import type { DataColumn } from '../../../ui/DataTable';
import { LoadFailed } from '../../../ui/LoadFailed';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { ResponsiveTabs } from '../../../ui/ResponsiveTabs';
import { PageHeader } from '../../../ui/PageHeader';
import { Paragraph, Text } from '../../../ui/Text';
import { isoToWallTime, wallTimeToIso } from '../../../ui/wall-time';
import { ImagePicker } from '../components/ImagePicker';
import { supportApi, type AdminContentItem, type ContentItemBody, type ContentKind } from '../support.api';
import { useContentItems, useSupportRefresh } from '../support.queries';

const parseKind = (v: string | null): ContentKind => ((CONTENT_KINDS as readonly string[]).includes(v ?? '') ? (v as ContentKind) : 'announcements');

export default function AdminContentPage() {
  const { t } = useTranslation('support');
  const [params, setParams] = useSearchParams();
  const kind = parseKind(params.get('kind'));
  const mine = useMine();
  const timezone = mine.data?.timezone;
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('content.title')} subtitle={t('content.subtitle')} />
      <Panel padding="8px 24px 24px">
        <ResponsiveTabs<ContentKind>
          label={t('content.kind')}
          activeKey={kind}
          onChange={(k) => setParams({ kind: k }, { replace: true })}
          destroyOnHidden
          items={CONTENT_KINDS.map((k) => ({ key: k, label: t(`content.kinds.${k}`), children: timezone ? <ContentList kind={k} timezone={timezone} /> : mine.isError ? <LoadFailed query={mine} /> : <PageSpinner /> }))}
        />
      </Panel>
    </Flex>
  );
}

function windowText(item: AdminContentItem, timezone: string, t: (k: string) => string) {
  if (!item.starts_at && !item.ends_at) return t('content.always');
  return `${item.starts_at ? formatDateTime(item.starts_at, timezone, 'YYYY-MM-DD HH:mm') : '…'} – ${item.ends_at ? formatDateTime(item.ends_at, timezone, 'YYYY-MM-DD HH:mm') : '…'}`;
}

function ContentList({ kind, timezone }: { kind: ContentKind; timezone: string }) {
  const { t } = useTranslation('support');
  const items = useContentItems(kind);
  const refresh = useSupportRefresh();
  const [editing, setEditing] = useState<AdminContentItem | 'new' | null>(null);
  if (!items.data) return items.isError ? <LoadFailed query={items} /> : <PageSpinner />;
  const columns: DataColumn<AdminContentItem>[] = [
    { key: 'title', title: t('content.columns.title'), render: (r) => <Text strong>{r.title.en}</Text> },
    ...(kind === 'footer-links' ? [{ key: 'group', title: t('content.columns.group'), render: (r: AdminContentItem) => t(`common:footer.groups.${r.group}`, { defaultValue: r.group ?? '' }) }] : kind === 'announcements' ? [] : [{ key: 'position', title: kind === 'campaigns' ? t('content.fields.page') : t('content.columns.position'), render: (r: AdminContentItem) => (kind === 'campaigns' ? t(`campaign.name_${r.position}`) : r.position) }]),
    ...(kind === 'announcements' || kind === 'campaigns' ? [] : [{ key: 'order', title: t('content.columns.order'), render: (r: AdminContentItem) => r.sort_order }]),
    ...(kind === 'footer-links' ? [] : [{ key: 'window', title: t('content.columns.window'), render: (r: AdminContentItem) => windowText(r, timezone, t) }]),
    ...(kind === 'campaigns' ? [{ key: 'participants', title: t('content.participants'), align: 'right' as const, render: (r: AdminContentItem) => r.participants ?? 0 }] : []),
    {
      key: 'state',
      title: t('content.columns.state'),
      render: (r) => (
        <Flex gap={4} wrap>
          <Tag color={r.live ? 'success' : r.enabled ? 'processing' : 'default'}>{r.live ? t('content.live') : r.enabled ? t('content.scheduled') : t('content.disabled')}</Tag>
          {r.is_demo && <Tag>{t('content.demo')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'missing',
      title: t('content.columns.missing'),
      render: (r) => (r.missing_languages.length === 0 ? <Text tone="secondary">{t('content.complete')}</Text> : <Flex gap={4} wrap>{r.missing_languages.map((l) => <Tag key={l} color="warning">{l}</Tag>)}</Flex>),
    },
    {
      key: 'actions',
      render: (r) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => setEditing(r)}>
            {t('content.edit')}
          </Button>
          <Popconfirm title={t('content.delete_confirm')} okText={t('content.delete')} cancelText={t('new.cancel')} onConfirm={() => void supportApi.deleteContent(kind, r.id).finally(() => void refresh())}>
            <Button size="small" danger>
              {t('content.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Flex>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('content.new')}
        </Button>
      </Flex>
      <ResponsiveTable rows={items.data.list} rowKey={(r) => r.id} columns={columns} caption={t(`content.kinds.${kind}`)} empty={t('content.empty')} cardTestId="content-card" />
      {editing && <ContentEditor kind={kind} item={editing === 'new' ? null : editing} timezone={timezone} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

type Texts = Partial<Record<Language, string>>;
interface EditorValues {
  title: Texts;
  body: Texts;
  link: string;
  position: string;
  group: string;
  tone: string;
  image_id: string | null;
  sort_order: number;
  enabled: boolean;
  starts_at: Dayjs | null;
  ends_at: Dayjs | null;
}

/** The minutes the pickers show, as the list shows times. */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';

/** An instant as a picker shows it: a wall time in the operator's timezone. */
const toPicker = (iso: string | null, timezone: string) => (iso ? isoToWallTime(iso, timezone) : null);

/**
 * The instant of a picker's value: the item's own `was` when the operator left it as it was (its
 * seconds kept: an untouched save changes nothing), else the picked wall time in the operator's
 * timezone, to the minute the picker shows.
 */
function fromPicker(value: Dayjs | null | undefined, was: string | null, timezone: string): string | null {
  if (!value) return null;
  if (was && value.isSame(isoToWallTime(was, timezone))) return was;
  return wallTimeToIso(value.second(0).millisecond(0), timezone);
}

function ContentEditor({ kind, item, timezone, onClose }: { kind: ContentKind; item: AdminContentItem | null; timezone: string; onClose: () => void }) {
  const { t } = useTranslation('support');
  const [form] = Form.useForm<EditorValues>();
  const refresh = useSupportRefresh();
  const [saving, setSaving] = useState(false);
  const title = Form.useWatch('title', form);
  const body = Form.useWatch('body', form);
  const hasBody = kind !== 'footer-links';
  const hasImage = kind === 'sliders' || kind === 'advertisements';
  const missing = LANGUAGES.filter((l) => !title?.[l]?.trim() || (hasBody && !body?.[l]?.trim()));

  const save = async (v: EditorValues) => {
    setSaving(true);
    try {
      const payload: ContentItemBody = {
        title: { ...v.title, en: v.title.en ?? '' },
        ...(hasBody ? { body: { ...v.body, en: v.body.en ?? '' } } : {}),
        link: v.link?.trim() ? v.link.trim() : null,
        position: v.position || 'home',
        group: v.group || 'about',
        tone: (v.tone || 'blue') as ContentItemBody['tone'],
        image_id: hasImage ? (v.image_id ?? null) : null,
        sort_order: v.sort_order ?? 0,
        enabled: v.enabled,
        starts_at: fromPicker(v.starts_at, item?.starts_at ?? null, timezone),
        ends_at: fromPicker(v.ends_at, item?.ends_at ?? null, timezone),
      };
      await supportApi.saveContent(kind, payload, item?.id);
      void refresh();
    } finally {
      setSaving(false);
    }
  };

  return (
    <AdminEditDialog<EditorValues>
      form={form}
      title={item ? t('content.edit_title', { kind: t(`content.kinds.${kind}`) }) : t('content.new_title', { kind: t(`content.kinds.${kind}`) })}
      onSave={save}
      saving={saving}
      savedText={t('content.saved')}
      onClose={onClose}
      initialValues={{
        title: (item?.title ?? {}) as Texts,
        body: (item?.body ?? {}) as Texts,
        link: item?.link ?? '',
        position: item?.position ?? (kind === 'campaigns' ? 'sales' : 'home'),
        group: item?.group ?? 'about',
        tone: item?.tone ?? 'blue',
        image_id: item?.image_id ?? null,
        sort_order: item?.sort_order ?? 0,
        enabled: item?.enabled ?? true,
        starts_at: toPicker(item?.starts_at ?? null, timezone),
        ends_at: toPicker(item?.ends_at ?? null, timezone),
      }}
    >
      <Paragraph tone="secondary" style={{ marginTop: 0 }}>
        {missing.length ? t('content.missing_hint', { languages: missing.join(', ') }) : t('content.complete')}
      </Paragraph>
      <Tabs
        size="small"
        items={LANGUAGES.map((lang) => ({
          key: lang,
          forceRender: true,
          label: missing.includes(lang) ? <Text tone="secondary">{lang} •</Text> : lang,
          children: (
            <>
              <Form.Item name={['title', lang]} label={t('content.fields.title')} rules={lang === 'en' ? [{ required: true, whitespace: true, message: t('content.english_required') }] : []}>
                <Input maxLength={2000} placeholder={lang === 'en' ? undefined : t('content.fallback')} />
              </Form.Item>
              {hasBody && (
                <Form.Item name={['body', lang]} label={t(`content.fields.body_${kind}`)} rules={lang === 'en' ? [{ required: true, whitespace: true, message: t('content.english_required') }] : []}>
                  <Input.TextArea rows={3} maxLength={2000} placeholder={lang === 'en' ? undefined : t('content.fallback')} />
                </Form.Item>
              )}
            </>
          ),
        }))}
      />
      {hasImage && (
        <Form.Item name="image_id" label={t('content.fields.image')}>
          <ImagePicker />
        </Form.Item>
      )}
      <Form.Item name="link" label={t('content.fields.link')} extra={t('content.fields.link_hint')} rules={kind === 'footer-links' ? [{ required: true, whitespace: true }] : []}>
        <Input maxLength={500} placeholder="/pool/btc/stat" />
      </Form.Item>
      <Flex gap={12} wrap>
        {(kind === 'sliders' || kind === 'advertisements') && (
          <Form.Item name="position" label={t('content.fields.position')} extra={t('content.fields.position_hint')} style={{ maxWidth: 360 }}>
            <Input maxLength={32} style={{ width: 140 }} />
          </Form.Item>
        )}
        {kind === 'campaigns' && (
          <Form.Item name="position" label={t('content.fields.page')}>
            <Select style={{ width: 200 }} options={CAMPAIGN_SLUGS.map((slug) => ({ value: slug, label: t(`campaign.name_${slug}`) }))} />
          </Form.Item>
        )}
        {kind === 'footer-links' && (
          <Form.Item name="group" label={t('content.fields.group')}>
            <Select style={{ width: 160 }} options={['about', 'support', 'community'].map((g) => ({ value: g, label: t(`common:footer.groups.${g}`) }))} />
          </Form.Item>
        )}
        {(kind === 'sliders' || kind === 'campaigns') && (
          <Form.Item name="tone" label={t('content.fields.tone')}>
            <Select style={{ width: 140 }} options={SLIDER_TONES.map((tone) => ({ value: tone, label: t(`content.tones.${tone}`) }))} />
          </Form.Item>
        )}
        {kind !== 'announcements' && kind !== 'campaigns' && (
          <Form.Item name="sort_order" label={t('content.fields.order')}>
            <NumberInput min={0} max={10000} precision={0} />
          </Form.Item>
        )}
        <Form.Item name="enabled" label={t('content.fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
      {kind !== 'footer-links' && (
        <Flex gap={12} wrap>
          <Form.Item name="starts_at" label={kind === 'announcements' ? t('content.fields.published_in', { timezone }) : t('content.fields.starts_in', { timezone })}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={PICKER_FORMAT} />
          </Form.Item>
          <Form.Item name="ends_at" label={t('content.fields.ends_in', { timezone })}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={PICKER_FORMAT} />
          </Form.Item>
        </Flex>
      )}
    </AdminEditDialog>
  );
}
