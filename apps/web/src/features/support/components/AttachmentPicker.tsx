// Attachments of a ticket message: each chosen file is uploaded at once (the server reads its
// type from the bytes: images or PDF, at most 5 MB); a refusal says why, a failure asks to try
// again. The form sends the ids of the files that arrived.
import { Button, Flex, Tag, theme, Upload } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TICKET_MAX_ATTACHMENTS, type TicketAttachment } from '@hashpool/shared';
import { Text } from '../../../ui/Text';
import { supportApi } from '../support.api';
import { useUpload } from './useUpload';

export function AttachmentPicker({ value, onChange }: { value: TicketAttachment[]; onChange: (files: TicketAttachment[]) => void }) {
  const { t } = useTranslation('support');
  const { token } = theme.useToken();
  const { busy, error, add } = useUpload(supportApi.upload, (stored) => onChange([...value, stored]), t('attachments.failed'));

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center">
        <Upload accept="image/png,image/jpeg,image/webp,image/gif,application/pdf" showUploadList={false} multiple={false} beforeUpload={(file) => (void add(file), false)} disabled={busy || value.length >= TICKET_MAX_ATTACHMENTS}>
          <Button icon={<PaperClipOutlined />} loading={busy} disabled={value.length >= TICKET_MAX_ATTACHMENTS}>
            {t('attachments.add')}
          </Button>
        </Upload>
        <Text tone="secondary">{t('attachments.hint', { count: TICKET_MAX_ATTACHMENTS })}</Text>
      </Flex>
      {value.length > 0 && (
        <Flex gap={8} wrap>
          {value.map((f) => (
            <Tag key={f.id} closable onClose={() => onChange(value.filter((x) => x.id !== f.id))}>
              {f.name}
            </Tag>
          ))}
        </Flex>
      )}
      {error && (
        <Text role="alert" style={{ color: token.colorError }}>
          {error}
        </Text>
      )}
    </Flex>
  );
}
