// The WeChat line of /user/setting (hidden when the pool has not set up WeChat): bound or not,
// bind (second factor, then WeChat's QR page) or unbind (second factor). The settings page gives
// its own row component so the line looks like its neighbours. A status that failed to load says
// so, with a retry (the queries do not retry by themselves), rather than hiding the line.
import { useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserMine } from '@hashpool/shared';
import { FormDialog } from '../../../shell/forms/FormDialog';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';
import type { Verification } from '../../../shell/verification/verification.api';
import { useToast } from '../../../ui/toast';
import { wechatApi, wechatKeys } from '../wechat.api';

type RowProps = { icon: ReactNode; title: ReactNode; status: ReactNode; description?: ReactNode; action: ReactNode; last?: boolean };

export function WechatSettingRow({ mine, Row }: { mine: UserMine; Row: ComponentType<RowProps> }) {
  const { t } = useTranslation('wechat');
  const [dialog, setDialog] = useState<'bind' | 'unbind' | null>(null);
  const status = useQuery({ queryKey: [...wechatKeys.status, mine.id], queryFn: ({ signal }) => wechatApi.status(signal) });
  if (!status.data && status.isError) {
    return (
      <Row
        icon={<WechatOutlined />}
        title={t('row.title')}
        status={t('common:load_failed')}
        action={
          <Button data-testid="wechat-retry" loading={status.isFetching} onClick={() => void status.refetch()}>
            {t('common:retry')}
          </Button>
        }
      />
    );
  }
  if (!status.data?.enabled) return null;
  const bound = status.data.bound;
  return (
    <>
      <Row
        icon={<WechatOutlined />}
        title={t('row.title')}
        status={bound ? t('row.bound') : t('row.not_bound')}
        description={t('row.description')}
        action={
          <Button danger={bound} data-testid="wechat-action" onClick={() => setDialog(bound ? 'unbind' : 'bind')}>
            {bound ? t('row.unbind') : t('row.bind')}
          </Button>
        }
      />
      {dialog === 'bind' && <BindDialog mine={mine} onClose={() => setDialog(null)} />}
      {dialog === 'unbind' && <UnbindDialog mine={mine} onClose={() => setDialog(null)} />}
    </>
  );
}

function BindDialog({ mine, onClose }: { mine: UserMine; onClose: () => void }) {
  const { t } = useTranslation('wechat');
  return (
    <FormDialog<{ verification?: Verification }>
      title={t('bind.title')}
      okText={t('bind.continue')}
      onClose={onClose}
      onSubmit={async (values) => {
        const { url } = await wechatApi.bindAuthorize(verificationOf(values));
        window.location.assign(url);
        // The page leaves for WeChat's QR code; keep the dialog as it is until then.
        await new Promise(() => undefined);
      }}
    >
      <Alert type="info" showIcon title={t('bind.hint')} style={{ marginBottom: 16 }} />
      <SecondFactorFields mine={mine} operation="wechat_bind" />
    </FormDialog>
  );
}

function UnbindDialog({ mine, onClose }: { mine: UserMine; onClose: () => void }) {
  const { t } = useTranslation('wechat');
  const queryClient = useQueryClient();
  const toast = useToast();
  return (
    <FormDialog<{ verification?: Verification }>
      title={t('unbind.title')}
      okText={t('row.unbind')}
      danger
      onClose={onClose}
      onSubmit={async (values) => {
        await wechatApi.unbind(verificationOf(values));
        toast.success(t('unbind.done'));
        await queryClient.invalidateQueries({ queryKey: wechatKeys.status });
      }}
    >
      <Alert type="warning" showIcon title={t('unbind.warning')} style={{ marginBottom: 16 }} />
      <SecondFactorFields mine={mine} operation="wechat_unbind" />
    </FormDialog>
  );
}
