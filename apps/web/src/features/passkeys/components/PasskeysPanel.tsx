// Settings → Passkeys: the user's passkeys (nickname, created, last used), adding one (a nickname
// and the second factor, then the browser's prompt), renaming, and deleting with the second factor. Without WebAuthn (or
// in WeChat's browser) adding is not offered and a note says why.
import { useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Space } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ERRORS, formatDateTime, nicknameSchema, PASSKEY_CHALLENGE_TTL_SECONDS, type UserMine } from '@hashpool/shared';
import { ApiError } from '../../../shell/api/api-error';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { schemaRule } from '../../../shell/forms/rules';
import { clearSpentCodes, newCodeTexts, showSecondFactorError } from '../../../shell/forms/second-factor-errors';
import { showFormError } from '../../../shell/forms/server-errors';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';
import type { Verification } from '../../../shell/verification/verification.api';
import { LoadFailed } from '../../../ui/LoadFailed';
import { Panel } from '../../../ui/Panel';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { Paragraph } from '../../../ui/Text';
import { useToast } from '../../../ui/toast';
import { passkeysApi, type Passkey } from '../passkeys.api';
import { usePasskeys, useReloadPasskeys } from '../passkeys.queries';
import { isAlreadyRegistered, isCancelledOrTimedOut, loadWebAuthn, passkeysSupported } from '../webauthn';

type Dialog = { kind: 'add' } | { kind: 'rename'; passkey: Passkey } | { kind: 'delete'; passkey: Passkey };

export function PasskeysPanel({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('passkeys');
  const passkeys = usePasskeys();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const supported = passkeysSupported();
  const close = () => setDialog(null);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, mine.timezone, 'YYYY-MM-DD HH:mm') : t('never'));

  return (
    <Panel title={t('title')} data-testid="passkeys-panel">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Paragraph tone="secondary" style={{ margin: 0, flex: '1 1 320px' }}>
          {t('description')}
        </Paragraph>
        {supported && (
          <Button type="primary" icon={<KeyOutlined />} onClick={() => setDialog({ kind: 'add' })}>
            {t('add')}
          </Button>
        )}
      </Flex>
      {!supported && <Alert type="info" showIcon title={t('unsupported')} style={{ marginBottom: 16 }} />}
      {passkeys.isError && !passkeys.data ? (
        <LoadFailed query={passkeys} />
      ) : (
        <ResponsiveTable<Passkey>
          rows={passkeys.data?.list ?? []}
          rowKey={(p) => p.id}
          caption={t('title')}
          cardTestId="passkey-card"
          empty={passkeys.isLoading ? '…' : t('empty')}
          columns={[
            { key: 'nickname', title: t('columns.nickname'), render: (p) => <span data-testid="passkey-nickname">{p.nickname}</span> },
            { key: 'created', title: t('columns.created'), render: (p) => when(p.created_at) },
            { key: 'last_used', title: t('columns.last_used'), render: (p) => when(p.last_used_at) },
            {
              key: 'actions',
              title: t('columns.actions'),
              align: 'right',
              render: (p) => (
                <Space wrap>
                  <Button size="small" onClick={() => setDialog({ kind: 'rename', passkey: p })}>
                    {t('rename')}
                  </Button>
                  <Button size="small" danger onClick={() => setDialog({ kind: 'delete', passkey: p })}>
                    {t('delete')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      {dialog?.kind === 'add' && <AddDialog mine={mine} onClose={close} />}
      {dialog?.kind === 'rename' && <RenameDialog passkey={dialog.passkey} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteDialog mine={mine} passkey={dialog.passkey} onClose={close} />}
    </Panel>
  );
}

function NicknameField() {
  const { t } = useTranslation(['passkeys', 'validation']);
  return (
    <Form.Item name="nickname" label={t('nickname_label')} rules={[schemaRule(nicknameSchema, t)]}>
      <Input maxLength={64} placeholder={t('nickname_placeholder')} autoFocus />
    </Form.Item>
  );
}

/** Options are reused for a retry of the browser's prompt until shortly before their challenge expires. */
const OPTIONS_REUSE_MS = (PASSKEY_CHALLENGE_TTL_SECONDS - 30) * 1000;

/** New options are needed, and the second factor in the form was spent on the last ones. */
class NewCodeNeeded extends Error {}

/** What the dialog says above the form: the prompt failed (tried again with the same options), new options need a new code, or an error. */
type Problem = { kind: 'timeout' } | { kind: 'expired' } | { kind: 'error'; text: string };

function AddDialog({ mine, onClose }: { mine: UserMine; onClose: () => void }) {
  const { t } = useTranslation('passkeys');
  const toast = useToast();
  const reload = useReloadPasskeys();
  const [form] = Form.useForm<{ nickname: string; verification?: Verification }>();
  const [problem, setProblem] = useState<Problem | null>(null);
  // The second factor is spent on the options: a cancelled or timed-out prompt is tried again with
  // them, without a new code, while their challenge lasts. `spent`: the verification they took.
  const issued = useRef<{ options: Record<string, unknown>; at: number; spent: string } | null>(null);
  // Whether the last refusal came from the registration itself (which spends the challenge).
  const registering = useRef(false);
  // New options need a fresh code: the form's codes were spent, so they are emptied, saying so.
  const askForNewCode = () => {
    issued.current = null;
    clearSpentCodes(form, newCodeTexts(t));
    setProblem({ kind: 'expired' });
  };
  return (
    <FormDialog<{ nickname: string; verification?: Verification }>
      form={form}
      title={t('add_title')}
      okText={problem?.kind === 'timeout' ? t('try_again') : t('add_ok')}
      onClose={onClose}
      onSubmit={async (values) => {
        setProblem(null);
        registering.current = false;
        const { startRegistration } = await loadWebAuthn();
        const verification = verificationOf(values);
        if (issued.current && Date.now() - issued.current.at > OPTIONS_REUSE_MS) {
          // Their challenge is about to lapse: new options, which the spent code cannot get.
          const spent = issued.current.spent === JSON.stringify(verification);
          issued.current = null;
          if (spent) throw new NewCodeNeeded();
        }
        if (!issued.current) {
          issued.current = { options: (await passkeysApi.registerOptions(verification)).options, at: Date.now(), spent: JSON.stringify(verification) };
        }
        const credential = await startRegistration({ optionsJSON: issued.current.options as never });
        registering.current = true;
        await passkeysApi.register(values.nickname, credential);
        registering.current = false;
        issued.current = null;
        toast.success(t('added'));
        await reload();
      }}
      onError={(error) => {
        if (error instanceof NewCodeNeeded) return askForNewCode();
        if (error instanceof ApiError && registering.current) {
          // The server spends the challenge on any answer to the registration: new options, and so
          // a new code, next time.
          askForNewCode();
          if (error.code === ERRORS.passkey_challenge_expired.code) return;
          if (error.code === ERRORS.passkey_already_bound.code) return setProblem({ kind: 'error', text: t('already_bound') });
          setProblem(null);
          return void showFormError(form, error);
        }
        // The browser's own failures keep the options: "Try again" prompts again without a new code.
        if (isCancelledOrTimedOut(error)) return setProblem({ kind: 'timeout' });
        if (isAlreadyRegistered(error)) return setProblem({ kind: 'error', text: t('already_bound') });
        // The options refused: the second factor's refusals next to its input, field issues next
        // to the nickname, other refusals to a toast.
        if (error instanceof ApiError) showSecondFactorError(form, error, newCodeTexts(t));
        else setProblem({ kind: 'error', text: t('registration_failed') });
      }}
    >
      {problem && (
        <Alert
          role="alert"
          type={problem.kind === 'error' ? 'error' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          title={problem.kind === 'error' ? problem.text : problem.kind === 'timeout' ? t('timeout_title') : t('expired_title')}
          description={problem.kind === 'timeout' ? t('timeout_text') : problem.kind === 'expired' ? t('expired_text') : undefined}
        />
      )}
      <NicknameField />
      <SecondFactorFields mine={mine} operation="passkey_add" />
      <Paragraph tone="secondary" style={{ margin: 0 }}>
        {t('add_hint')}
      </Paragraph>
    </FormDialog>
  );
}

function RenameDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation('passkeys');
  const toast = useToast();
  const reload = useReloadPasskeys();
  return (
    <FormDialog<{ nickname: string }>
      title={t('rename_title')}
      initialValues={{ nickname: passkey.nickname }}
      onClose={onClose}
      onSubmit={async ({ nickname }) => {
        await passkeysApi.rename(passkey.id, nickname);
        toast.success(t('renamed'));
        await reload();
      }}
    >
      <NicknameField />
    </FormDialog>
  );
}

function DeleteDialog({ mine, passkey, onClose }: { mine: UserMine; passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation('passkeys');
  const toast = useToast();
  const reload = useReloadPasskeys();
  return (
    <FormDialog<{ verification?: Verification }>
      title={t('delete_title')}
      okText={t('delete')}
      danger
      onClose={onClose}
      onSubmit={async (values) => {
        await passkeysApi.remove(passkey.id, verificationOf(values));
        toast.success(t('deleted'));
        await reload();
      }}
    >
      <Alert type="warning" showIcon title={t('delete_warning', { name: passkey.nickname })} style={{ marginBottom: 16 }} />
      <SecondFactorFields mine={mine} operation="passkey_delete" subject={async () => passkey.id} />
    </FormDialog>
  );
}
