import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The placeholder while a page or its data is on its way. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin aria-label={t('loading')} />
    </Flex>
  );
}
