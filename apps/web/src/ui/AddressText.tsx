// An address or transaction id as its first 6 and last 4 characters (docs/rules.md, Limits and constants), the whole
// value in its title and a copy button. The Clipboard API exists only on secure origins (pools
// are often opened over plain http on a LAN): there the button is left out and `full` shows the
// whole value, selectable, instead.
import { Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { shortAddress } from '@hashpool/shared';
import { useToast } from './toast';

export function canCopy(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.clipboard && window.isSecureContext;
}

export function AddressText({ value, label, full = false }: { value: string | null | undefined; label: string; full?: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  if (!value) return <span>--</span>;
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => toast.success(t('clipboard.copied')),
      () => toast.error(t('clipboard.copy_failed')),
    );
  const whole = full || !canCopy();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 2, maxWidth: '100%' }}>
      {/* The short form stays on one line; the whole value may break anywhere (it has no spaces). */}
      <code title={value} aria-label={`${label}: ${value}`} style={{ fontSize: 13, userSelect: 'all', ...(whole ? { wordBreak: 'break-all' } : { whiteSpace: 'nowrap' }) }}>
        {whole ? value : shortAddress(value)}
      </code>
      {canCopy() && (
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={t('clipboard.copy_label', { label })}
          onClick={(event) => {
            event.stopPropagation(); // A copy in a clickable row is not a click on the row.
            void copy();
          }}
        />
      )}
    </span>
  );
}
