// Creating or renaming a worker group: one name, not blank, at most 32 characters (the server's
// nicknameSchema); a name already used shows the server's message under the field.
import { Form, Input, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/error-text';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { GROUP_NAME_MAX, isGroupName } from '../lib/groups';

/** A group's name in a form (`name`), checked as the server checks it. */
export function GroupNameField() {
  const { t } = useTranslation('pool');
  return (
    <Form.Item
      name="name"
      label={t('groups.name')}
      rules={[{ validator: (_, value: string | undefined) => (isGroupName(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('groups.name_rule', { max: GROUP_NAME_MAX })))) }]}
    >
      <Input autoFocus maxLength={GROUP_NAME_MAX} />
    </Form.Item>
  );
}

/** Creating and renaming are silent: a refusal (group_name_taken) or a lost connection is said under the name. */
export function showNameRefusal(form: FormInstance, error: unknown, t: TFunction): void {
  if (error instanceof ApiError) form.setFields([{ name: 'name', errors: [errorText(error, t)] }]);
}

interface GroupNameDialogProps {
  title: string;
  okText: string;
  initialName?: string;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

export function GroupNameDialog({ title, okText, initialName = '', onSubmit, onClose }: GroupNameDialogProps) {
  const { t } = useTranslation('pool');
  return (
    <FormDialog<{ name: string }>
      title={title}
      okText={okText}
      initialValues={{ name: initialName }}
      onSubmit={({ name }) => onSubmit(name.trim())}
      onError={(error, form) => showNameRefusal(form, error, t)}
      onClose={onClose}
    >
      <GroupNameField />
    </FormDialog>
  );
}
