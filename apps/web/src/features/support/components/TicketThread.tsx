// A ticket's conversation: the user's messages, support's answers and (operators only) internal
// notes, each with its time and attachments (downloaded through the API, never opened inline).
import { Button, Flex, Tag, theme } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@hashpool/shared';
import { saveFile } from '../../../ui/save-file';
import { Paragraph, Text } from '../../../ui/Text';
import type { TicketDetail } from '../support.api';

type Message = TicketDetail['messages'][number];

/**
 * `viewer`: who reads the thread. The user's own messages are "You" to the user; to an operator of
 * the support queue they are the customer's (and support's answers are theirs).
 */
export function TicketThread({ messages, timezone, download, viewer = 'user' }: { messages: readonly Message[]; timezone: string; download: (fileId: string) => Promise<{ blob: Blob }>; viewer?: 'user' | 'operator' }) {
  const { t } = useTranslation('support');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={12} role="list" aria-label={t('thread.label')}>
      {messages.map((m) => {
        const mine = m.author === 'user';
        const background = m.internal ? token.colorWarningBg : mine ? token.colorFillQuaternary : token.colorPrimaryBg;
        return (
          <div key={m.id} role="listitem" data-testid="ticket-message" style={{ background, border: `1px solid ${m.internal ? token.colorWarningBorder : token.colorBorderSecondary}`, borderRadius: 8, padding: '12px 16px' }}>
            <Flex justify="space-between" gap={8} wrap>
              <Flex gap={8} align="center">
                <Text strong>{mine ? t(viewer === 'operator' ? 'thread.customer' : 'thread.user') : t('thread.support')}</Text>
                {m.internal && <Tag color="warning">{t('thread.internal')}</Tag>}
              </Flex>
              <Text tone="secondary">{formatDateTime(m.created_at, timezone)}</Text>
            </Flex>
            <Paragraph style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{m.content}</Paragraph>
            {m.attachments.length > 0 && (
              <Flex gap={8} wrap style={{ marginTop: 8 }}>
                {m.attachments.map((a) => (
                  <Button key={a.id} size="small" icon={<PaperClipOutlined />} onClick={() => void download(a.id).then(({ blob }) => saveFile(blob, a.name))}>
                    {a.name}
                  </Button>
                ))}
              </Flex>
            )}
          </div>
        );
      })}
    </Flex>
  );
}
