// A yes/no question before something that cannot be undone (deleting a group, clearing workers,
// deleting messages). The confirm button shows progress and the dialog stays open if the call
// fails: the client has shown why, or, for a silent call, `onError` does. Callers mount it to open
// it and unmount it to close it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from './AppModal';
import { Paragraph } from './Text';
import { useBusyAction } from './useBusyAction';

interface ConfirmDialogProps {
  title: ReactNode;
  text: ReactNode;
  okText: ReactNode;
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** A refusal of a silent call; without it, the client has shown the failure. */
  onError?: (error: unknown) => void;
}

export function ConfirmDialog({ title, text, okText, danger = true, onConfirm, onClose, onError }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const { busy, run: confirm } = useBusyAction(onConfirm, onClose, onError);
  return (
    <AppModal open title={title} onCancel={onClose} onOk={() => void confirm()} okText={okText} cancelText={t('dialog.cancel')} okButtonProps={{ danger, loading: busy }} mask={{ closable: !busy }}>
      <Paragraph style={{ marginTop: 16 }}>{text}</Paragraph>
    </AppModal>
  );
}
