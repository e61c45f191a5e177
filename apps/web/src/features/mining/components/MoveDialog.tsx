// Moving the selected workers to a group: the default group, one of the user's groups, or a new
// group named here (created, then the workers moved into it).
import { useState } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/error-text';
import { AppModal } from '../../../ui/AppModal';
import { GROUP_NAME_MAX, groupName, isGroupName, orderGroups } from '../lib/groups';
import type { WorkerGroup } from '../mining.api';

/** The "new group" choice of the select; group ids are numbers, so it cannot clash. */
const NEW_GROUP = 'new';
const DEFAULT_GROUP = 'default';

interface MoveValues {
  target: string;
  name?: string;
}

interface MoveDialogProps {
  count: number;
  groups: readonly WorkerGroup[];
  /** Moves to a group (null: the default group); `label` is its name as shown, for the confirmation. */
  onMove: (group: number | null, label: string) => Promise<unknown>;
  /** Creates the group, answering its id. */
  onCreate: (name: string) => Promise<number>;
  onClose: () => void;
}

export function MoveDialog({ count, groups, onMove, onCreate, onClose }: MoveDialogProps) {
  const { t } = useTranslation('pool');
  const [form] = Form.useForm<MoveValues>();
  const target = Form.useWatch('target', form);
  const [busy, setBusy] = useState(false);

  const options = [
    ...orderGroups(groups).map((group) => ({ value: group.id === null ? DEFAULT_GROUP : String(group.id), label: groupName(group, t('groups.default')) })),
    { value: NEW_GROUP, label: t('move.new_group') },
  ];

  const submit = async (values: MoveValues) => {
    setBusy(true);
    try {
      let group: number | null;
      let label = options.find((option) => option.value === values.target)?.label ?? '';
      if (values.target === NEW_GROUP) {
        label = (values.name ?? '').trim();
        try {
          group = await onCreate(label);
        } catch (error) {
          // Creating is silent (mining.api.ts): its refusal belongs under the name.
          if (error instanceof ApiError) form.setFields([{ name: 'name', errors: [errorText(error, t)] }]);
          return;
        }
      } else {
        group = values.target === DEFAULT_GROUP ? null : Number(values.target);
      }
      await onMove(group, label);
      onClose();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal
      open
      title={t('move.title', { count })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('move.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      mask={{ closable: false }}
    >
      <Form<MoveValues> form={form} layout="vertical" requiredMark={false} initialValues={{ target: DEFAULT_GROUP }} onFinish={(values) => void submit(values)} style={{ marginTop: 16 }}>
        <Form.Item name="target" label={t('move.target')}>
          <Select options={options} />
        </Form.Item>
        {target === NEW_GROUP && (
          <Form.Item
            name="name"
            label={t('groups.name')}
            rules={[{ validator: (_, value: string | undefined) => (isGroupName(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('groups.name_rule', { max: GROUP_NAME_MAX })))) }]}
          >
            <Input autoFocus maxLength={GROUP_NAME_MAX} />
          </Form.Item>
        )}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </AppModal>
  );
}
