// A value to paste into a miner's configuration, with a copy button. The Clipboard API exists only
// on secure origins (pools are often opened over plain http on a LAN): there the button is left
// out and the value stays selectable. `multiline`: a block of text (a configuration file) kept as
// written, scrolled sideways on a narrow screen.
import { Button, Flex, theme } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useToast } from './toast';

export function CopyValue({ value, label, multiline = false }: { value: string; label: string; multiline?: boolean }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const toast = useToast();
  const canCopy = typeof navigator !== 'undefined' && !!navigator.clipboard && window.isSecureContext;
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => toast.success(t('clipboard.copied')),
      () => toast.error(t('clipboard.copy_failed')),
    );
  return (
    <Flex align={multiline ? 'flex-start' : 'center'} gap={8} style={{ background: token.colorFillAlter, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: '6px 8px 6px 12px' }}>
      {multiline ? (
        <pre style={{ flex: 1, minWidth: 0, margin: 0, overflowX: 'auto', userSelect: 'all', fontSize: 13 }} aria-label={label}>
          <code>{value}</code>
        </pre>
      ) : (
        <code style={{ flex: 1, wordBreak: 'break-all', userSelect: 'all', fontSize: 14 }} aria-label={label}>
          {value}
        </code>
      )}
      {canCopy && <Button type="text" size="small" icon={<CopyOutlined />} aria-label={t('clipboard.copy_label', { label })} onClick={() => void copy()} />}
    </Flex>
  );
}
