// The header's settings: language, display currency, theme. The desktop header and the mobile
// drawer use the same controls.
import { GlobalOutlined, MoonOutlined, SunOutlined } from '../../ui/first-screen-icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, resolveLanguage, type Language } from '@hashpool/shared';
import { changeLanguage } from '../../i18n';
import { setThemeMode, useThemeMode } from '../../shell/theme';
import { setCurrency, useCurrency } from '../../shell/site/currency';
import { useQueryClient } from '@tanstack/react-query';
import { useAccessToken, useSessionEpoch } from '../../shell/session/session';
import { userApi } from '../../shell/session/user.api';
import { userKeys } from '../../shell/session/user.queries';
import { MenuButton } from '../../ui/MenuButton';
import { IconSwitch } from '../../ui/IconSwitch';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = resolveLanguage(i18n.language);
  const loggedIn = useAccessToken() !== null;
  const epoch = useSessionEpoch();
  const queries = useQueryClient();
  // Logged in, the choice is the account's too, so its mails and alerts follow (best effort: the
  // site's language changes whatever the server answers).
  const choose = (language: Language) => {
    void changeLanguage(language);
    if (loggedIn) void userApi.saveLanguage(language).then(() => queries.invalidateQueries({ queryKey: userKeys.mine(epoch) }), () => undefined);
  };
  return (
    <MenuButton
      icon={<GlobalOutlined />}
      label={<span lang={current}>{LANGUAGE_NAMES[current]}</span>}
      // The button's name says what it is and holds what it shows (WCAG 2.5.3, label in name).
      ariaLabel={t('header.language_current', { name: LANGUAGE_NAMES[current] })}
      menuLabel={t('header.language')}
      selected={current}
      choices={LANGUAGES.map((language) => ({ key: language, label: LANGUAGE_NAMES[language], lang: language }))}
      onChoose={(language) => choose(language as Language)}
    />
  );
}

export function CurrencyMenu() {
  const { t } = useTranslation();
  const { currency, rates } = useCurrency();
  if (rates.length === 0) return null;
  return (
    <MenuButton
      label={currency}
      ariaLabel={t('header.currency_current', { currency })}
      menuLabel={t('header.currency')}
      selected={currency}
      choices={rates.map((rate) => ({ key: rate.currency, label: `${rate.symbol} ${rate.currency}` }))}
      onChoose={setCurrency}
    />
  );
}

export function ThemeSwitch() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  return (
    <IconSwitch
      checked={mode === 'dark'}
      onChange={(dark) => setThemeMode(dark ? 'dark' : 'light')}
      checkedIcon={<MoonOutlined />}
      uncheckedIcon={<SunOutlined />}
      label={t('header.dark_theme')}
    />
  );
}
