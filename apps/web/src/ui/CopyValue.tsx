// A value to paste into a miner's configuration, with a copy button. The Clipboard API exists only
// on secure origins (pools are often opened over plain http on a LAN): there the button is left
// out and the value stays selectable.
import { Button, Flex, theme } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useToast } from './toast';

export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('pool');
  const { token } = theme.useToken();
  const toast = useToast();
  const canCopy = typeof navigator !== 'undefined' && !!navigator.clipboard && window.isSecureContext;
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => toast.success(t('common.copied')),
      () => toast.error(t('common.copy_failed')),
    );
  return (
    <Flex align="center" gap={8} style={{ background: token.colorFillAlter, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: '6px 8px 6px 12px' }}>
      <code style={{ flex: 1, wordBreak: 'break-all', userSelect: 'all', fontSize: 14 }} aria-label={label}>
        {value}
      </code>
      {canCopy && <Button type="text" size="small" icon={<CopyOutlined />} aria-label={t('common.copy_label', { label })} onClick={() => void copy()} />}
    </Flex>
  );
}
