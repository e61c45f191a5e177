// The toasts' host: Ant Design's message hook and its holder, loaded with the first toast
// (ui/toast.tsx), so that the message and notification code is not on the first screen.
import { useEffect } from 'react';
import { Button, message } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const TOAST_SECONDS = 3;

export type ShowToast = (type: 'success' | 'error', text: string) => void;

export default function ToastHost({ onReady }: { onReady: (show: ShowToast) => void }) {
  const { t } = useTranslation();
  const [api, holder] = message.useMessage();

  useEffect(() => {
    // Keyed by text: the same failure from several calls at once shows one toast. Ant Design's
    // message has no close button of its own, so each toast carries one.
    onReady((type, text) =>
      void api.open({
        type,
        key: text,
        duration: TOAST_SECONDS,
        content: (
          <span>
            {text}
            <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('error.close')} onClick={() => api.destroy(text)} style={{ marginInlineStart: 8 }} />
          </span>
        ),
      }),
    );
  }, [api, onReady, t]);

  return holder;
}
