// A dialog around a form: Cancel and a confirm button, the busy state while it submits, errors
// placed next to their inputs (or shown as a toast), closed on success. Every account-security
// change uses it. Width comes from AppModal (560 px, 350 px on phones). Callers mount it when it
// opens and unmount it on close, so every opening starts with an empty form.
import { useState, type ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';
import { errorsTo, showFormError, TOTP_ERRORS, type ErrorFieldMap } from './server-errors';

/** Where a refused authenticator code belongs in every dialog with SecondFactorFields. */
const SECOND_FACTOR_ERRORS: ErrorFieldMap = errorsTo(['verification', 'totp_code'], TOTP_ERRORS);

type NamePath = string | (string | number)[];

interface FormDialogProps<T> {
  title: ReactNode;
  onClose: () => void;
  /** Does the change; resolve to close the dialog. */
  onSubmit: (values: T) => Promise<void>;
  children: ReactNode;
  okText?: ReactNode;
  danger?: boolean;
  form?: FormInstance<T>;
  initialValues?: Partial<T>;
  errorFields?: { fieldNames?: Record<string, NamePath>; byCode?: ErrorFieldMap };
  /** 350 px on every screen (AppModal). */
  narrow?: boolean;
}

export function FormDialog<T extends object>({ title, onClose, onSubmit, children, okText, danger, form: given, initialValues, errorFields, narrow }: FormDialogProps<T>) {
  const { t } = useTranslation('user');
  const [own] = Form.useForm<T>();
  const form = given ?? own;
  const [busy, setBusy] = useState(false);

  const submit = async (values: T) => {
    setBusy(true);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      showFormError(form, error, { ...errorFields, byCode: { ...SECOND_FACTOR_ERRORS, ...errorFields?.byCode } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open
      narrow={narrow}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText ?? t('dialog.confirm')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ danger, loading: busy }}
      maskClosable={false}
    >
      <Form<T> form={form} layout="vertical" requiredMark={false} initialValues={initialValues} onFinish={(values) => void submit(values)} style={{ marginTop: 16 }}>
        {children}
        {/* Enter in an input submits. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </AppModal>
  );
}
