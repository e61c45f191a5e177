// /sales and /activity/goldshell: a campaign page managed in Site content (kind "campaigns", its
// page chosen by slug): title, text, a banner in the campaign's colours, its window and a link to
// the products. Without an enabled campaign the page says none is running. While it runs, a
// logged-in user joins it (once; listed at /user/app/activity); logged out, "Log in to join".
import { Button, Flex, Tag } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { formatDateTime, type Campaign } from '@hashpool/shared';
import { api } from '../../../shell/api/client';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import { SmartLink } from '../../../shell/navigation/SmartLink';
import { useAccessToken, useSessionEpoch } from '../../../shell/session/session';
import { bannerGradient } from '../../../shell/theme';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text, Title } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { supportApi } from '../support.api';

const SLUG_OF_PATH: Record<string, string> = { '/sales': 'sales', '/activity/goldshell': 'goldshell' };
const STATE_COLOURS = { upcoming: 'processing', running: 'success', ended: 'default' } as const;

/** Join, Joined, or Log in to join, while the campaign runs. */
function JoinAction({ slug, path }: { slug: string; path: string }) {
  const { t } = useTranslation('support');
  const loggedIn = useAccessToken() !== null;
  const epoch = useSessionEpoch();
  const navigate = useSafeNavigate();
  const toast = useToast();
  const client = useQueryClient();
  const joined = useQuery({ queryKey: ['campaigns-joined', epoch], queryFn: ({ signal }) => supportApi.joinedCampaigns({ signal }), enabled: loggedIn });
  const join = useMutation({
    mutationFn: () => supportApi.joinCampaign(slug),
    onSuccess: async () => {
      toast.success(t('campaign.join_done'));
      await client.invalidateQueries({ queryKey: ['campaigns-joined'] });
    },
  });
  if (!loggedIn) return <Button onClick={() => navigate(`/login?redirect=${encodeURIComponent(path)}`)}>{t('campaign.login_to_join')}</Button>;
  if (!joined.data) return null;
  if (joined.data.list.some((c) => c.slug === slug)) {
    return (
      <Flex gap={8} align="center" wrap>
        <Tag color="success" icon={<CheckOutlined />}>
          {t('campaign.joined')}
        </Tag>
        <SafeLink to="/user/app/activity">{t('campaign.my_activities')}</SafeLink>
      </Flex>
    );
  }
  return (
    <Button onClick={() => join.mutate()} loading={join.isPending}>
      {t('campaign.join')}
    </Button>
  );
}

export default function CampaignPage() {
  const { t, i18n } = useTranslation('support');
  const path = useLocation().pathname;
  const slug = SLUG_OF_PATH[path] ?? 'sales';
  const campaign = useQuery({
    queryKey: ['campaign', slug, i18n.language],
    queryFn: ({ signal }) => api.get<Campaign | null>(`/campaigns/${slug}`, undefined, { signal, silent: true }),
    retry: false,
  });
  if (campaign.isPending) return <PageSpinner />;
  if (!campaign.data) {
    return (
      <Panel>
        <Title level={1} style={{ marginTop: 0, fontSize: 'clamp(22px, 3vw, 28px)' }}>
          {t(`campaign.name_${slug}`)}
        </Title>
        <Paragraph tone="secondary">{t('campaign.none')}</Paragraph>
        <SmartLink url="/miners">{t('campaign.catalogue')}</SmartLink>
      </Panel>
    );
  }
  const c = campaign.data;
  const at = (iso: string | null) => (iso ? formatDateTime(iso, 'UTC', 'YYYY-MM-DD HH:mm') : '…');
  return (
    <Flex vertical gap={16}>
      <Flex vertical justify="center" style={{ minHeight: 200, padding: '32px clamp(20px, 5vw, 56px)', background: bannerGradient(c.tone), borderRadius: 12, boxSizing: 'border-box' }}>
        <Flex gap={8} align="center" wrap>
          <Tag color={STATE_COLOURS[c.state]}>{t(`campaign.${c.state}`)}</Tag>
        </Flex>
        <Title level={1} style={{ color: '#fff', margin: '12px 0 0', fontSize: 'clamp(24px, 4vw, 36px)' }}>
          {c.title}
        </Title>
        {(c.starts_at || c.ends_at) && <Text style={{ color: 'rgba(255,255,255,0.88)', marginTop: 8 }}>{t('campaign.window', { from: at(c.starts_at), to: at(c.ends_at) })}</Text>}
      </Flex>
      <Panel>
        <Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 0 }}>{c.body}</Paragraph>
        <Flex gap={12} align="center" wrap>
          {c.link && c.state !== 'ended' && (
            <SmartLink url={c.link}>
              <Button type="primary">{t('campaign.open')}</Button>
            </SmartLink>
          )}
          {c.state === 'running' && <JoinAction slug={c.slug} path={path} />}
        </Flex>
      </Panel>
    </Flex>
  );
}
