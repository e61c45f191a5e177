// /user/setting: the account's security (email, phone, authenticator, login and pay passwords),
// its preferences, and cancellation in a danger zone. Every security change opens a dialog that
// asks for the second factor.
import { useCallback, useState } from 'react';
import { Alert, Button, Flex, theme } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, SafetyCertificateOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import type { UserMine } from '../accounts.api';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { Paragraph } from '../../../ui/Text';
import { PreferencesPanel } from '../components/PreferencesPanel';
import { maskContact } from '../../../shell/verification/SecondFactorFields';
import { SettingRow } from '../components/SettingRow';
import { UserPage } from '../../../shell/frames/UserPage';
import { PasskeysPanel } from '../../passkeys';
import CancelAccountDialog from '../dialogs/CancelAccountDialog';
import { EmailDialog, PhoneDialog } from '../dialogs/ContactDialog';
import PasswordDialog from '../dialogs/PasswordDialog';
import PayPasswordDialog from '../dialogs/PayPasswordDialog';
import TotpBindDialog from '../dialogs/TotpBindDialog';
import TotpUnbindDialog from '../dialogs/TotpUnbindDialog';
import { WechatSettingRow } from '../../wechat';

const DIALOGS = {
  email: EmailDialog,
  phone: PhoneDialog,
  totpBind: TotpBindDialog,
  totpUnbind: TotpUnbindDialog,
  password: PasswordDialog,
  payPassword: PayPasswordDialog,
  cancel: CancelAccountDialog,
} as const;

type DialogKey = keyof typeof DIALOGS;

export default function SettingsPage() {
  const { t } = useTranslation(['user', 'auth', 'validation']);
  const [dialog, setDialog] = useState<DialogKey | null>(null);
  const close = useCallback(() => setDialog(null), []);
  return (
    <UserPage title={t('settings.title')}>
      {(mine) => {
        const Dialog = dialog ? DIALOGS[dialog] : null;
        return (
          <Flex vertical gap={24}>
            {mine.withdraw_hold_until && (
              <Alert type="info" showIcon title={t('security.hold_until', { time: formatDateTime(mine.withdraw_hold_until, mine.timezone, 'YYYY-MM-DD HH:mm') })} />
            )}
            <SecurityPanel mine={mine} open={setDialog} />
            <PasskeysPanel mine={mine} />
            <PreferencesPanel key={`${mine.timezone}|${mine.currency}|${mine.language}|${mine.notify_email ?? ''}`} mine={mine} />
            <DangerZone onCancel={() => setDialog('cancel')} />
            {Dialog && <Dialog mine={mine} onClose={close} />}
          </Flex>
        );
      }}
    </UserPage>
  );
}

function SecurityPanel({ mine, open }: { mine: UserMine; open: (dialog: DialogKey) => void }) {
  const { t } = useTranslation('user');
  const isMobile = useIsMobile();
  return (
    <Panel title={t('security.title')} padding={isMobile ? '16px 16px 4px' : '20px 24px 4px'}>
      <SettingRow
        icon={<MailOutlined />}
        title={t('security.email.title')}
        status={mine.email ? maskContact(mine.email) : t('security.not_bound')}
        action={<Button onClick={() => open('email')}>{mine.email ? t('security.change') : t('security.bind')}</Button>}
      />
      <SettingRow
        icon={<MobileOutlined />}
        title={t('security.phone.title')}
        status={mine.phone ? maskContact(mine.phone) : t('security.not_bound')}
        action={<Button onClick={() => open('phone')}>{mine.phone ? t('security.change') : t('security.bind')}</Button>}
      />
      <SettingRow
        icon={<SafetyCertificateOutlined />}
        title={t('security.totp.title')}
        status={mine.has_totp ? t('security.totp.on') : t('security.totp.off')}
        description={t('security.totp.description')}
        action={
          mine.has_totp ? (
            <Button danger onClick={() => open('totpUnbind')}>
              {t('security.totp.unbind')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => open('totpBind')}>
              {t('security.totp.bind')}
            </Button>
          )
        }
      />
      <WechatSettingRow mine={mine} Row={SettingRow} />
      <SettingRow
        icon={<LockOutlined />}
        title={t('security.password.row_title')}
        status={t('security.password.status')}
        action={<Button onClick={() => open('password')}>{t('security.change')}</Button>}
      />
      <SettingRow
        last
        icon={<WalletOutlined />}
        title={t('security.pay_password.row_title')}
        status={mine.has_pay_password ? t('security.pay_password.on') : t('security.pay_password.off')}
        description={t('security.pay_password.description')}
        action={<Button onClick={() => open('payPassword')}>{mine.has_pay_password ? t('security.change') : t('security.set')}</Button>}
      />
    </Panel>
  );
}

function DangerZone({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('user');
  const { token } = theme.useToken();
  return (
    <Panel title={<span style={{ color: token.colorError }}>{t('danger.title')}</span>} style={{ borderColor: token.colorErrorBorder }}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Paragraph tone="secondary" style={{ margin: 0, flex: '1 1 320px' }}>
          {t('danger.cancel_description')}
        </Paragraph>
        <Button danger onClick={onCancel}>
          {t('danger.cancel_button')}
        </Button>
      </Flex>
    </Panel>
  );
}
