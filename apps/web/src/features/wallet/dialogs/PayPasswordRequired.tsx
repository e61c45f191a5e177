// docs/rules.md, Validation: a pay password must be set before withdrawing (and transferring). Opened in
// place of those dialogs while the user has none, with the way to the settings where it is set. The
// demo account, which cannot set one, is told plainly that it cannot withdraw or transfer.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSafeNavigate } from '../../../shell/navigation/navigation';
import { AppModal } from '../../../ui/AppModal';
import { Paragraph } from '../../../ui/Text';
import { walletPaths } from '../lib/constants';

export default function PayPasswordRequired({ demo = false, onClose }: { demo?: boolean; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const navigate = useSafeNavigate();
  if (demo)
    return (
      <AppModal
        open
        narrow
        title={t('demo_account.title')}
        onCancel={onClose}
        footer={[
          <Button key="close" type="primary" onClick={onClose}>
            {t('demo_account.close')}
          </Button>,
        ]}
      >
        <Paragraph style={{ marginTop: 16 }}>{t('demo_account.text')}</Paragraph>
      </AppModal>
    );
  return (
    <AppModal
      open
      narrow
      title={t('pay_password.title')}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>,
        <Button key="go" type="primary" onClick={() => navigate(walletPaths.settings)}>
          {t('pay_password.go')}
        </Button>,
      ]}
    >
      <Paragraph style={{ marginTop: 16 }}>{t('pay_password.text')}</Paragraph>
    </AppModal>
  );
}
