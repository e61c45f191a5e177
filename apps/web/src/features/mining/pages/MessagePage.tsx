// /user/message (user.view): the message centre (hashrate alarms, offline workers, their
// recoveries, setting changes) and the alert settings of the current sub-account per coin.
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserPage } from '../../../shell/frames/UserPage';
import { StatusResult } from '../../../ui/StatusResult';
import { AlertSettingsPanel } from '../components/AlertSettingsPanel';
import { MessageList } from '../components/MessageList';

export default function MessagePage() {
  const { t } = useTranslation('pool');
  return (
    <UserPage title={t('messages.page_title')}>
      {(mine) => (
        <Flex vertical gap={24}>
          <MessageList timezone={mine.timezone} />
          {mine.current_account ? (
            <AlertSettingsPanel account={mine.current_account.name} mine={mine} />
          ) : (
            <StatusResult status="info" title={t('account.none_title')} subtitle={t('alerts.no_account')} />
          )}
        </Flex>
      )}
    </UserPage>
  );
}
