// Footer: the operator's links from the API, grouped, and the copyright line.
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFooterLinks } from '../../shell/site/site.queries';
import type { FooterLink } from '../../shell/site/site.api';
import { SmartLink } from '../../shell/navigation/SmartLink';
import { useSiteName } from '../../shell/site/site';
import { Paragraph, Title } from '../../ui/Text';
import { CONTENT_MAX_WIDTH } from '../../ui/responsive';
import { Columns } from '../../ui/Columns';

function groupLinks(links: readonly FooterLink[]): [string, FooterLink[]][] {
  const groups = new Map<string, FooterLink[]>();
  for (const link of links) groups.set(link.group, [...(groups.get(link.group) ?? []), link]);
  return [...groups];
}

export function AppFooter() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const siteName = useSiteName();
  const links = useFooterLinks().data ?? [];

  return (
    <footer
      style={{ flex: '0 0 auto', color: token.colorText, fontSize: token.fontSize, background: token.colorBgContainer, borderTop: `1px solid ${token.colorBorderSecondary}`, padding: '32px 0' }}
    >
      <div style={{ maxWidth: CONTENT_MAX_WIDTH, margin: '0 auto', padding: '0 16px' }}>
        <Columns columns={{ xs: 2, sm: 3, md: 4 }} gap={[24, 32]}>
          {groupLinks(links).map(([group, items]) => (
            <div key={group}>
              <Title level={2} size={5}>
                {/* Operators may add groups of their own; those show their key as it is. */}
                {t(`footer.groups.${group}`, { defaultValue: group })}
              </Title>
              <Flex vertical gap={8}>
                {items.map((link) => (
                  <SmartLink key={link.id} url={link.url} style={{ color: token.colorTextSecondary }}>
                    {link.title}
                  </SmartLink>
                ))}
              </Flex>
            </div>
          ))}
        </Columns>
        <Paragraph tone="secondary" style={{ marginTop: 32, marginBottom: 0 }}>
          {t('footer.copyright', { year: new Date().getFullYear(), site: siteName })}
        </Paragraph>
      </div>
    </footer>
  );
}
