// The dialog of an operator's edit (fee rates, market data, the ALEO stake schedule, voiding a held block): a vertical
// form whose Save sends it; a refusal lands on the form's fields (or a toast), a success says so
// and closes. The caller gives the fields and the call.
import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../ui/toast';
import { AppModal } from '../../ui/AppModal';
import { showFormError } from './server-errors';

interface AdminEditDialogProps<T> {
  form: FormInstance<T>;
  title: string;
  /** Sends the values; a throw is shown on the form. */
  onSave: (values: T) => Promise<unknown>;
  saving: boolean;
  savedText: string;
  onClose: () => void;
  initialValues?: Partial<T>;
  /** The confirm button's text and look when it is not a plain Save (an irreversible action). */
  okText?: string;
  danger?: boolean;
  children: ReactNode;
}

export function AdminEditDialog<T extends object>({ form, title, onSave, saving, savedText, onClose, initialValues, okText, danger, children }: AdminEditDialogProps<T>) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const submit = async (values: T) => {
    try {
      await onSave(values);
    } catch (error) {
      showFormError(form, error);
      return;
    }
    toast.success(savedText);
    onClose();
  };
  return (
    <AppModal open title={title} onCancel={onClose} onOk={() => form.submit()} okText={okText ?? t('dialog.save')} cancelText={t('dialog.cancel')} okButtonProps={{ loading: saving, danger }} destroyOnHidden>
      <Form<T> form={form} layout="vertical" requiredMark={false} initialValues={initialValues} onFinish={(v) => void submit(v)} style={{ marginTop: 16 }}>
        {children}
      </Form>
    </AppModal>
  );
}
