import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The placeholder while a page or its data is on its way. `minHeight` reserves the space of what
 * comes (no layout shift when it arrives).
 */
export function PageSpinner({ minHeight = 240 }: { minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight }}>
      <Spin aria-label={t('loading')} />
    </Flex>
  );
}
