// /user/authredirect (user.view): the applications the user authorized through the consent
// screen, with what each may read and for which sub-accounts; revoking one stops its tokens at once.
import { useState } from 'react';
import { Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import { UserPage } from '../../../shell/frames/UserPage';
import type { UserMine } from '../../../shell/session/user.api';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { DataColumn } from '../../../ui/DataTable';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { useIsMobile } from '../../../ui/responsive';
import { ResponsiveTable } from '../../../ui/ResponsiveTable';
import { useToast } from '../../../ui/toast';
import { Paragraph, Text } from '../../../ui/Text';
import { ScopeList } from '../components/ScopeList';
import { oauthApi, type OAuthAuthorization } from '../oauth.api';
import { useAuthorizations, useOAuthRefresh } from '../oauth.queries';

function Apps({ mine }: { mine: UserMine }) {
  const { t } = useTranslation('oauth');
  const isMobile = useIsMobile();
  const toast = useToast();
  const refresh = useOAuthRefresh();
  const list = useAuthorizations();
  const [revoking, setRevoking] = useState<OAuthAuthorization | null>(null);
  const columns: DataColumn<OAuthAuthorization>[] = [
    { key: 'app', title: t('apps.columns.app'), render: (a) => <Text strong>{a.client.name}</Text> },
    { key: 'scopes', title: t('apps.columns.scopes'), render: (a) => <ScopeList scopes={a.scopes} detailed={false} /> },
    { key: 'accounts', title: t('apps.columns.accounts'), render: (a) => <Flex wrap gap={4}>{a.accounts.map((x) => <Tag key={x.id}>{x.name}</Tag>)}</Flex> },
    { key: 'since', title: t('apps.columns.since'), render: (a) => formatDateTime(a.created_at, mine.timezone, 'YYYY-MM-DD HH:mm') },
    { key: 'revoke', align: 'right', render: (a) => <Button danger size="small" onClick={() => setRevoking(a)} data-testid={`revoke-${a.client.name}`}>{t('apps.revoke')}</Button> },
  ];
  return (
    <Panel padding={isMobile ? 16 : 24}>
      <Flex vertical gap={16}>
        <Paragraph tone="secondary" style={{ margin: 0 }}>{t('apps.hint')}</Paragraph>
        {!list.data ? (
          list.isError ? <Paragraph tone="secondary">{t('load_failed')}</Paragraph> : <PageSpinner />
        ) : (
          <ResponsiveTable rows={list.data} rowKey={(a) => a.id} columns={columns} caption={t('apps.title')} empty={t('apps.empty')} cardTestId="authorized-app" />
        )}
      </Flex>
      {revoking && (
        <ConfirmDialog
          title={t('apps.revoke_title', { name: revoking.client.name })}
          text={t('apps.revoke_text', { name: revoking.client.name })}
          okText={t('apps.revoke')}
          onConfirm={async () => {
            await oauthApi.revoke(revoking.id);
            toast.success(t('apps.revoked', { name: revoking.client.name }));
            await refresh();
          }}
          onClose={() => setRevoking(null)}
        />
      )}
    </Panel>
  );
}

export default function AuthorizedAppsPage() {
  const { t } = useTranslation('oauth');
  return <UserPage title={t('apps.title')}>{(mine) => <Apps mine={mine} />}</UserPage>;
}
