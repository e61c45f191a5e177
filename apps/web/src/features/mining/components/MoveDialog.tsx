// Moving the selected workers to a group: the default group, one of the user's groups, or a new
// group named here (created, then the workers moved into it; a failed move is retried into the
// group already created).
import { useState } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, shownByClient } from '../../../shell/forms/FormDialog';
import { groupName, orderGroups } from '../lib/groups';
import type { WorkerGroup } from '../mining.api';
import { GroupNameField, showNameRefusal } from './GroupNameDialog';

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
  // A group this dialog created whose move then failed: the choice becomes that group, so trying
  // again only moves (creating it twice would be refused, the name being taken by then). It is an
  // option of its own until the group list refetched after the creation includes it.
  const [created, setCreated] = useState<WorkerGroup | null>(null);

  const listed = created && !groups.some((group) => group.id === created.id) ? [...groups, created] : groups;
  const options = [
    ...orderGroups(listed).map((group) => ({ value: group.id === null ? DEFAULT_GROUP : String(group.id), label: groupName(group, t('groups.default')) })),
    { value: NEW_GROUP, label: t('move.new_group') },
  ];

  const submit = async (values: MoveValues) => {
    let group: number | null;
    let label = options.find((option) => option.value === values.target)?.label ?? '';
    if (values.target === NEW_GROUP) {
      label = (values.name ?? '').trim();
      try {
        group = await onCreate(label);
      } catch (error) {
        // Creating is silent (mining.api.ts): its refusal belongs under the name. The dialog stays open.
        showNameRefusal(form, error, t);
        throw error;
      }
      setCreated({ id: group, name: label, total: 0, active: 0 });
      form.setFieldValue('target', String(group));
    } else {
      group = values.target === DEFAULT_GROUP ? null : Number(values.target);
    }
    await onMove(group, label);
  };

  return (
    <FormDialog<MoveValues> form={form} title={t('move.title', { count })} okText={t('move.confirm')} initialValues={{ target: DEFAULT_GROUP }} onSubmit={submit} onError={shownByClient} onClose={onClose}>
      <Form.Item name="target" label={t('move.target')}>
        <Select options={options} />
      </Form.Item>
      {target === NEW_GROUP && <GroupNameField />}
    </FormDialog>
  );
}
