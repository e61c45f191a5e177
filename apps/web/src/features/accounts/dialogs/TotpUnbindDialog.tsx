// Remove the authenticator: confirmed with a code from it (the second factor of this change).
import { useTranslation } from 'react-i18next';
import { Alert } from 'antd';
import { accountsApi, type UserMine, type Verification } from '../accounts.api';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';
import { useSecurityDone } from './useSecurityDone';

export default function TotpUnbindDialog({ mine, onClose }: { mine: UserMine; onClose: () => void }) {
  const { t } = useTranslation('user');
  const done = useSecurityDone();
  return (
    <FormDialog<{ verification?: Verification }>
      title={t('security.totp.unbind_title')}
      okText={t('security.totp.unbind')}
      danger
      onClose={onClose}
      onSubmit={async (values) => {
        await accountsApi.totpUnbind(verificationOf(values));
        await done(t('security.totp.unbound'));
      }}
    >
      <Alert type="warning" showIcon title={t('security.totp.unbind_warning')} style={{ marginBottom: 16 }} />
      <SecondFactorFields mine={mine} operation="totp_unbind" />
    </FormDialog>
  );
}
