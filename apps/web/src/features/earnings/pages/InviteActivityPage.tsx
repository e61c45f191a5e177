// /activity/invite (public): the invitation programme explained to anyone (docs/rules.md,
// Limits and constants): three steps, the reward rate, the daily release at 09:50 UTC+8, paid by the pool. The call to
// action leads a logged-in user to their own invitation page and everyone else to registering.
import type { ComponentType } from 'react';
import { Button, Col, Flex, Row, theme } from 'antd';
import { GiftOutlined, ShareAltOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { holdsAny, REFERRAL_RATE_PERCENT } from '@hashpool/shared';
import { SafeLink, useSafeNavigate } from '../../../shell/navigation/navigation';
import { useViewer } from '../../../shell/session/viewer';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text, Title } from '../../../ui/Text';
import { formatPercent, inviteCallToAction, RELEASE_LABEL, USER_INVITE_PATH } from '../lib/invite';

const STEPS: readonly { key: 'share' | 'register' | 'earn'; icon: ComponentType }[] = [
  { key: 'share', icon: ShareAltOutlined },
  { key: 'register', icon: ThunderboltOutlined },
  { key: 'earn', icon: GiftOutlined },
];

const RULES = ['rate', 'daily', 'release', 'pool_pays', 'wallet', 'code'] as const;

function CallToAction() {
  const { t } = useTranslation('invite');
  const navigate = useSafeNavigate();
  const viewer = useViewer();
  const target = inviteCallToAction({ loggedIn: viewer.loggedIn, mayInvite: holdsAny(viewer.permissions ?? [], ['recommend.view']) });
  if (!target) return null;
  return (
    <Flex gap={16} align="center" wrap>
      <Button type="primary" size="large" onClick={() => navigate(target)}>
        {viewer.loggedIn ? t('activity.cta_user') : t('activity.cta_register')}
      </Button>
      {!viewer.loggedIn && (
        <Text tone="secondary">
          {t('activity.have_account')} <SafeLink to={`/login?redirect=${encodeURIComponent(USER_INVITE_PATH)}`}>{t('activity.login')}</SafeLink>
        </Text>
      )}
    </Flex>
  );
}

export default function InviteActivityPage() {
  const { t, i18n } = useTranslation('invite');
  const { token } = theme.useToken();
  const rate = formatPercent(REFERRAL_RATE_PERCENT, i18n.language);
  return (
    <Flex vertical gap={32}>
      <Panel padding="clamp(20px, 5vw, 48px)" style={{ background: `linear-gradient(135deg, ${token.colorPrimaryBg}, ${token.colorBgContainer})` }}>
        <Flex vertical gap={16} style={{ maxWidth: 760 }}>
          <Title level={1} style={{ margin: 0 }}>
            {t('activity.title', { rate })}
          </Title>
          <Paragraph tone="secondary" style={{ fontSize: 16, margin: 0 }}>
            {t('activity.subtitle', { rate, release: RELEASE_LABEL })}
          </Paragraph>
          <CallToAction />
        </Flex>
      </Panel>

      <section aria-labelledby="invite-steps">
        <Title level={2} id="invite-steps">
          {t('activity.steps_title')}
        </Title>
        <Row gutter={[16, 16]}>
          {STEPS.map(({ key, icon: Icon }, index) => (
            <Col key={key} xs={24} md={8}>
              <Panel padding={20} style={{ height: '100%' }} data-testid={`invite-step-${index + 1}`}>
                <Flex vertical gap={10}>
                  <Flex align="center" gap={12}>
                    <span
                      aria-hidden="true"
                      style={{
                        width: 40,
                        height: 40,
                        borderRadius: '50%',
                        display: 'inline-flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        fontSize: 20,
                        color: token.colorPrimaryText,
                        background: token.colorPrimaryBg,
                        flexShrink: 0,
                      }}
                    >
                      <Icon />
                    </span>
                    <Text strong style={{ fontSize: 16 }}>
                      {t('activity.step_label', { n: index + 1 })} · {t(`activity.steps.${key}.title`)}
                    </Text>
                  </Flex>
                  <Paragraph tone="secondary" style={{ margin: 0 }}>
                    {t(`activity.steps.${key}.text`, { rate, release: RELEASE_LABEL })}
                  </Paragraph>
                </Flex>
              </Panel>
            </Col>
          ))}
        </Row>
      </section>

      <section aria-labelledby="invite-rules">
        <Panel>
          <Title level={2} id="invite-rules" style={{ fontSize: 20 }}>
            {t('activity.rules_title')}
          </Title>
          <ul style={{ margin: 0, paddingInlineStart: 20, color: token.colorText, lineHeight: 1.8 }} data-testid="invite-rules">
            {RULES.map((rule) => (
              <li key={rule}>{t(`activity.rules.${rule}`, { rate, release: RELEASE_LABEL })}</li>
            ))}
          </ul>
        </Panel>
      </section>

      <Panel>
        <Flex vertical gap={12} align="flex-start">
          <Title level={2} style={{ fontSize: 20, margin: 0 }}>
            {t('activity.start_title')}
          </Title>
          <Paragraph tone="secondary" style={{ margin: 0 }}>
            {t('activity.start_text', { rate })}
          </Paragraph>
          <CallToAction />
        </Flex>
      </Panel>
    </Flex>
  );
}
