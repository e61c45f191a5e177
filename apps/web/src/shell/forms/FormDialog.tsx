// A dialog around a form: Cancel and a confirm button, the busy state while it submits, errors
// placed next to their inputs (or shown as a toast), closed on success. Every account-security
// change uses it, and the pool's small forms (group names, moves, alarms). Width comes from
// AppModal (560 px, 350 px on phones). Callers mount it when it opens and unmount it on close, so
// every opening starts with an empty form.
import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';
import { useBusyAction } from '../../ui/useBusyAction';
import type { ApiError } from '../api/api-error';
import { newCodeTexts, showSecondFactorError } from './second-factor-errors';
import type { ErrorFieldMap } from './server-errors';

type NamePath = string | (string | number)[];

/** `onError` of a dialog whose call is not silent: the client has shown the server's message, the dialog only stays open. */
export function shownByClient(): void {}

interface FormDialogProps<T> {
  title: ReactNode;
  onClose: () => void;
  /** Does the change; resolve to close the dialog. */
  onSubmit: (values: T) => Promise<unknown>;
  children: ReactNode;
  okText?: ReactNode;
  danger?: boolean;
  form?: FormInstance<T>;
  initialValues?: Partial<T>;
  errorFields?: {
    fieldNames?: Record<string, NamePath>;
    byCode?: ErrorFieldMap;
    /**
     * Refusals the server gives only after it checked, and spent, the second factor (a wrong
     * current password): the codes of SecondFactorFields are emptied, saying a new one is needed.
     */
    afterSecondFactor?: (error: ApiError) => boolean;
  };
  /**
   * A refused submission. By default (a silent call) the server's field issues, the codes of
   * `errorFields` and a refused second factor go next to their inputs, anything else to a toast;
   * a code the server spent or refused as used up is emptied (shell/forms/second-factor-errors.ts).
   */
  onError?: (error: unknown, form: FormInstance<T>) => void;
  /** 350 px on every screen (AppModal). */
  narrow?: boolean;
}

export function FormDialog<T extends object>({ title, onClose, onSubmit, children, okText, danger, form: given, initialValues, errorFields, onError, narrow }: FormDialogProps<T>) {
  const { t } = useTranslation();
  const [own] = Form.useForm<T>();
  const form = given ?? own;
  const { busy, run: submit } = useBusyAction(onSubmit, onClose, (error) =>
    onError ? onError(error, form) : showSecondFactorError(form, error, newCodeTexts(t), errorFields),
  );

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
      mask={{ closable: false }}
    >
      <Form<T> form={form} layout="vertical" requiredMark={false} initialValues={initialValues} onFinish={(values) => void submit(values)} style={{ marginTop: 16 }}>
        {children}
        {/* Enter in an input submits. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </AppModal>
  );
}
