// The phone's menu: navigation and settings in a drawer. Loaded when first opened.
import type { ReactNode } from 'react';
import { Divider, Drawer, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { NavLinks } from './NavLinks';
import { CurrencyMenu, LanguageMenu, ThemeSwitch } from './HeaderControls';
import { AccountArea } from './AccountArea';
import { Text } from '../../ui/Text';

function SettingRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ minHeight: 40 }}>
      <Text>{label}</Text>
      {children}
    </Flex>
  );
}

export default function MobileMenu({ open, title, onClose }: { open: boolean; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} size={300} title={title}>
      <NavLinks vertical onNavigate={onClose} />
      <Divider />
      <Flex vertical gap={8}>
        <SettingRow label={t('header.dark_theme')}>
          <ThemeSwitch />
        </SettingRow>
        <SettingRow label={t('header.language')}>
          <LanguageMenu />
        </SettingRow>
        <SettingRow label={t('header.currency')}>
          <CurrencyMenu />
        </SettingRow>
        <Divider style={{ margin: '8px 0' }} />
        <AccountArea vertical />
      </Flex>
    </Drawer>
  );
}
