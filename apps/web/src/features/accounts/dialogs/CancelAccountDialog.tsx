// Cancel the account (the danger zone): what it means, an explicit "I understand", and the second
// factor. The server signs every session out and answers "account cancelled" in the user's
// language; we show that and leave as a visitor. Logging in within 30 days restores the account.
import { Alert, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountsApi, type UserMine, type Verification } from '../accounts.api';
import { clearSession, setNextDestination } from '../../../shell/session/session';
import { useToast } from '../../../ui/toast';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';

interface Values {
  understood: boolean;
  verification?: Verification;
}

export default function CancelAccountDialog({ mine, onClose }: { mine: UserMine; onClose: () => void }) {
  const { t } = useTranslation('user');
  const toast = useToast();
  return (
    <FormDialog<Values>
      title={t('danger.cancel_title')}
      okText={t('danger.cancel_confirm')}
      danger
      onClose={onClose}
      onSubmit={async (values) => {
        const message = await accountsApi.cancelAccount(verificationOf(values));
        toast.success(message || t('danger.cancelled'));
        // The server has ended every session already; only this browser's copy is left. Home
        // next, as a visitor (the guard takes this page there).
        setNextDestination('/');
        clearSession();
      }}
    >
      <Alert type="error" showIcon title={t('danger.cancel_warning')} style={{ marginBottom: 16 }} />
      <SecondFactorFields mine={mine} operation="cancel_account" />
      <Form.Item
        name="understood"
        valuePropName="checked"
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (value !== true) throw new Error(t('danger.understood_required'));
            },
          },
        ]}
      >
        <Checkbox>{t('danger.understood')}</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}
