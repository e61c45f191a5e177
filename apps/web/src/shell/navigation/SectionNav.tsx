// The tabs-as-links under a page title that move between the pages of one area (user centre,
// wallet): real links, so each page has its own address and the browser's back button works.
import { theme } from 'antd';
import { useLocation } from 'react-router';
import { SafeLink } from './navigation';

export function SectionNav({ label, items }: { label: string; items: ReadonlyArray<{ to: string; label: string }> }) {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} style={{ display: 'flex', gap: 4, flexWrap: 'wrap', marginBottom: 24, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      {items.map((item) => {
        const current = pathname === item.to;
        return (
          <SafeLink
            key={item.to}
            to={item.to}
            aria-current={current ? 'page' : undefined}
            style={{
              padding: '8px 12px',
              marginBottom: -1,
              color: current ? token.colorPrimary : token.colorText,
              fontWeight: current ? 600 : 400,
              borderBottom: `2px solid ${current ? token.colorPrimary : 'transparent'}`,
            }}
          >
            {item.label}
          </SafeLink>
        );
      })}
    </nav>
  );
}
