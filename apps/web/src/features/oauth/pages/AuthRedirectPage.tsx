// /authredirect (public): where the OAuth provider sends the browser when it cannot answer the
// application itself (an unknown application, a redirect address that is not registered exactly,
// an expired request): the reason in the user's language, and the way home. Errors the
// application can handle go back to the application, not here.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SafeLink } from '../../../shell/navigation/navigation';
import { StatusResult } from '../../../ui/StatusResult';

const KNOWN = ['invalid_redirect_uri', 'invalid_client', 'invalid_request', 'access_denied', 'invalid_scope', 'unauthorized_client', 'unsupported_response_type'] as const;

export default function AuthRedirectPage() {
  const { t } = useTranslation('oauth');
  const [params] = useSearchParams();
  const error = params.get('error');
  const reason = (KNOWN as readonly string[]).includes(error ?? '') ? error! : 'other';
  return (
    <div data-testid="authredirect">
      <StatusResult
        status={error ? 'error' : 'info'}
        title={error ? t('redirect.failed_title') : t('redirect.done_title')}
        subtitle={error ? t(`redirect.reasons.${reason}`) : t('redirect.done_text')}
        extra={<SafeLink to="/">{t('back_home')}</SafeLink>}
      />
    </div>
  );
}
