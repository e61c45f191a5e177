// The image of a banner or advertisement in the content editor: a chosen file is uploaded at once
// (the server reads its type from the bytes: PNG, JPEG or WebP, at most 2 MB); a refusal says why,
// a failure asks to try again. The preview is read through the operators' route (the image is
// not public until a published item shows it), as a local object URL; a preview that cannot be
// downloaded says so (the id is still the item's).
import { useEffect, useState } from 'react';
import { Button, Flex, theme, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../../shell/api/client';
import { Text } from '../../../ui/Text';
import { supportApi } from '../support.api';
import { useUpload } from './useUpload';

/** The preview of an uploaded image: an object URL, 'failed' when it could not be downloaded, null while loading or without one. */
function usePreview(id: string | null): string | 'failed' | null {
  const [url, setUrl] = useState<string | 'failed' | null>(null);
  useEffect(() => {
    if (!id) return undefined;
    let made: string | null = null;
    let live = true;
    apiDownload(`/admin/content/images/${encodeURIComponent(id)}`)
      .then((file) => {
        if (!live) return;
        made = URL.createObjectURL(file.blob);
        setUrl(made);
      })
      .catch(() => live && setUrl('failed'));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [id]);
  return id ? url : null;
}

export function ImagePicker({ value, onChange }: { value?: string | null; onChange?: (id: string | null) => void }) {
  const { t } = useTranslation('support');
  const { token } = theme.useToken();
  const preview = usePreview(value ?? null);
  const { busy, error, add } = useUpload(supportApi.uploadImage, (stored) => onChange?.(stored.id), t('content.image.failed'));

  return (
    <Flex vertical gap={8}>
      {value && (
        <div style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: 8, maxWidth: 360 }}>
          {preview === 'failed' ? (
            <Text tone="secondary">{t('content.image.unavailable')}</Text>
          ) : preview ? (
            <img src={preview} alt={t('content.image.preview')} style={{ display: 'block', maxWidth: '100%', maxHeight: 180, objectFit: 'contain' }} />
          ) : (
            <Text tone="secondary">…</Text>
          )}
        </div>
      )}
      <Flex gap={8} wrap align="center">
        <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} multiple={false} beforeUpload={(file) => (void add(file), false)} disabled={busy}>
          <Button icon={<PictureOutlined />} loading={busy}>
            {value ? t('content.image.replace') : t('content.image.add')}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('content.image.remove')}
          </Button>
        )}
        <Text tone="secondary">{t('content.image.hint')}</Text>
      </Flex>
      {error && (
        <Text role="alert" style={{ color: token.colorError }}>
          {error}
        </Text>
      )}
    </Flex>
  );
}
