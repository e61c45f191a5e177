import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The placeholder while a page or its data is on its way. `minHeight` reserves the space of what
 * comes (no layout shift when it arrives). A ring drawn by app/global.css (`hp-spinner`) rather than
 * Ant Design's Spin: this is the only spinner of the first screen (the fallback while a page's chunk
 * loads), and Spin with its styles would add some 2.5 KB to it (scripts/bench-bundle.mjs).
 */
export function PageSpinner({ minHeight = 240 }: { minHeight?: number | string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight }}>
      <span role="status" aria-label={t('loading')} className="hp-spinner" style={{ color: token.colorPrimary }} />
    </div>
  );
}
