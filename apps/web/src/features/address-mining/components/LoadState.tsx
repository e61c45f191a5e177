// A list of an address page not loaded yet: a spinner, or that it failed. The address calls are
// silent (a malformed address is the search form's to say), so without this a failure would read
// as an empty list ("No workers").
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Paragraph } from '../../../ui/Text';

export function LoadState({ failed }: { failed: boolean }) {
  const { t } = useTranslation('mining');
  return failed ? (
    <Paragraph tone="secondary" style={{ padding: '24px 0', margin: 0, textAlign: 'center' }}>
      {t('load_failed')}
    </Paragraph>
  ) : (
    <PageSpinner />
  );
}
