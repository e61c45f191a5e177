// Creating or renaming a worker group: one name, not blank, at most 32 characters (the server's
// nicknameSchema); a name already used shows the server's message under the field.
import { useState } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/error-text';
import { AppModal } from '../../../ui/AppModal';
import { GROUP_NAME_MAX, isGroupName } from '../lib/groups';

interface GroupNameDialogProps {
  title: string;
  okText: string;
  initialName?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

export function GroupNameDialog({ title, okText, initialName = '', onSubmit, onClose }: GroupNameDialogProps) {
  const { t } = useTranslation('pool');
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ name }: { name: string }) => {
    setBusy(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      // The call is silent: a refusal (group_name_taken) or a lost connection is said under the name.
      if (error instanceof ApiError) form.setFields([{ name: 'name', errors: [errorText(error, t)] }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal open title={title} onCancel={onClose} onOk={() => form.submit()} okText={okText} cancelText={t('common.cancel')} okButtonProps={{ loading: busy }} mask={{ closable: false }}>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ name: initialName }} onFinish={(values) => void submit(values)} style={{ marginTop: 16 }}>
        <Form.Item
          name="name"
          label={t('groups.name')}
          rules={[{ validator: (_, value: string | undefined) => (isGroupName(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('groups.name_rule', { max: GROUP_NAME_MAX })))) }]}
        >
          <Input autoFocus maxLength={GROUP_NAME_MAX} />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </AppModal>
  );
}
