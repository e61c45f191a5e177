// /login/oauth/authorize?uid=… (public route; docs/rules.md, OAuth): the consent screen of a
// third-party application. The provider sends the browser here with the request's uid; a visitor
// logs in first and comes back. It names the application and what it asks (SPEC section 6:
// username and email, user flow, transaction information), and the user picks the sub-accounts
// it may read: at least one. Authorize or cancel, then the browser goes back through the provider
// to the application.
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Divider, Flex } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ERRORS } from '@hashpool/shared';
import { ApiError } from '../../../shell/api/api-error';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import { loginRedirect } from '../../../shell/routing/routing-rules';
import { useAccessToken } from '../../../shell/session/session';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { StatusResult } from '../../../ui/StatusResult';
import { Paragraph, Text, Title } from '../../../ui/Text';
import { ScopeList } from '../components/ScopeList';
import { oauthApi } from '../oauth.api';
import { useInteraction } from '../oauth.queries';

export default function ConsentPage() {
  const { t } = useTranslation(['oauth', 'errors']);
  const isMobile = useIsMobile();
  const token = useAccessToken();
  const place = useLocation();
  const navigate = useSafeNavigate();
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const interaction = useInteraction(uid, token !== null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'allow' | 'deny' | null>(null);

  // Not logged in: log in, then back here with the same request.
  useEffect(() => {
    if (token === null) navigate(loginRedirect({ pathname: place.pathname, search: place.search }), { replace: true });
  }, [token, navigate, place.pathname, place.search]);

  if (token === null) return <PageSpinner />;
  const gone = uid === '' || (interaction.error instanceof ApiError && interaction.error.code === ERRORS.oauth_interaction_not_found.code) || (interaction.isError && !(interaction.error instanceof ApiError && interaction.error.kind === 'network'));
  if (gone) {
    return <StatusResult status="info" title={t('consent.gone_title')} subtitle={t('errors:oauth_interaction_not_found')} extra={<SafeLink to="/">{t('back_home')}</SafeLink>} />;
  }
  if (!interaction.data) return interaction.isError ? <StatusResult status="error" title={t('load_failed')} /> : <PageSpinner />;
  const request = interaction.data;

  const answer = async (kind: 'allow' | 'deny') => {
    if (kind === 'allow' && chosen.length === 0) {
      setProblem(t('errors:oauth_account_required'));
      return;
    }
    setBusy(kind);
    setProblem(null);
    try {
      const decision = kind === 'allow' ? await oauthApi.consent(uid, chosen) : await oauthApi.deny(uid);
      // The provider's resume: it answers the application with a code (or access_denied).
      window.location.assign(decision.redirect_to);
    } catch (caught) {
      setBusy(null);
      setProblem(caught instanceof ApiError && caught.message ? caught.message : t('load_failed'));
    }
  };

  return (
    <Flex justify="center" style={{ padding: isMobile ? 0 : '24px 0' }}>
      <Panel style={{ width: '100%', maxWidth: 520 }} padding={isMobile ? 20 : 32}>
        <Flex vertical gap={16}>
          <Flex gap={12} align="center">
            <SafetyCertificateOutlined style={{ fontSize: 28 }} aria-hidden />
            <Title level={1} style={{ margin: 0, fontSize: 'clamp(20px, 3vw, 26px)', lineHeight: 1.3 }} data-testid="consent-title">
              {t('consent.title', { name: request.client.name })}
            </Title>
          </Flex>
          <Paragraph tone="secondary" style={{ margin: 0 }}>
            {t('consent.subtitle', { name: request.client.name, host: request.redirect_host })}
          </Paragraph>
          <div>
            <Text strong>{t('consent.scopes_heading')}</Text>
            <div style={{ marginTop: 12 }}>
              <ScopeList scopes={request.scopes} />
            </div>
            <Paragraph tone="secondary" style={{ margin: '12px 0 0' }}>{t('consent.read_only')}</Paragraph>
          </div>
          <Divider style={{ margin: 0 }} />
          <div>
            <Text strong id="consent-accounts">{t('consent.accounts_heading')}</Text>
            <Paragraph tone="secondary" style={{ margin: '4px 0 12px' }}>{t('consent.accounts_hint')}</Paragraph>
            <Checkbox.Group
              aria-labelledby="consent-accounts"
              value={chosen}
              onChange={(values) => {
                setChosen(values as string[]);
                if (values.length > 0) setProblem(null);
              }}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            >
              {request.accounts.map((a) => (
                <Checkbox key={a.id} value={a.id} data-testid={`consent-account-${a.name}`}>
                  {a.name}
                  {a.is_current && <Text tone="secondary"> · {t('consent.current')}</Text>}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </div>
          {problem && <Alert type="error" showIcon message={problem} role="alert" />}
          <Flex gap={12} wrap justify="end">
            <Button onClick={() => void answer('deny')} loading={busy === 'deny'} disabled={busy !== null}>
              {t('consent.deny')}
            </Button>
            <Button type="primary" onClick={() => void answer('allow')} loading={busy === 'allow'} disabled={busy !== null}>
              {t('consent.allow')}
            </Button>
          </Flex>
          <Paragraph tone="secondary" style={{ margin: 0, fontSize: 13 }}>
            {t('consent.revoke_hint')} <SafeLink to="/user/authredirect">{t('apps.title')}</SafeLink>
          </Paragraph>
        </Flex>
      </Panel>
    </Flex>
  );
}
