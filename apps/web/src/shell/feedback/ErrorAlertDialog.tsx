// The phone's way to show a failed call: an alert dialog (docs/rules.md, Errors). Loaded on first use,
// so the dialog code stays out of the first screen.
import { Button, theme } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';

export default function ErrorAlertDialog({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <AppModal
      open
      title={
        <span>
          <CloseCircleFilled style={{ color: token.colorError, marginInlineEnd: 8 }} />
          {t('error.title')}
        </span>
      }
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('error.ok')}
        </Button>
      }
    >
      {text}
    </AppModal>
  );
}
