// Export of the settled days (GET /pools/{pool}/accounts/{account}/profits/export): a range of UTC
// days (required; at most a year, as the server allows) as CSV or XLSX. The server writes the
// amounts as exact decimals and the times in the user's timezone; the file is saved under the
// name the server gives it.
import { useState } from 'react';
import { Button, DatePicker, Flex, Radio, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addDays, type CoinInfo } from '@hashpool/shared';
import { apiDownload } from '../../../shell/api/client';
import { AppModal } from '../../../ui/AppModal';
import { saveBlob as save } from '../../../ui/save-file';
import { useBusyAction } from '../../../ui/useBusyAction';
import { Paragraph, Text } from '../../../ui/Text';

const DAY_FORMAT = 'YYYY-MM-DD';
/** GET /profits/export covers at most this many days (EXPORT_MAX_DAYS of the server). */
const MAX_DAYS = 366;

export default function ExportDialog({ coin, account, today, onClose }: { coin: CoinInfo; account: string; today: string; onClose: () => void }) {
  const { t } = useTranslation('earnings');
  const { token } = theme.useToken();
  // The last 30 days by default, yesterday the newest settled one.
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>([dayjs(addDays(today, -30)), dayjs(addDays(today, -1))]);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [missing, setMissing] = useState(false);
  // A failure: apiDownload has shown the server's message.
  const { busy, run: download } = useBusyAction(async ([first, last]: [Dayjs, Dayjs]) => {
    const file = await apiDownload(`/pools/${coin.code}/accounts/${encodeURIComponent(account)}/profits/export`, {
      start: first.format(DAY_FORMAT),
      end: last.format(DAY_FORMAT),
      format,
    });
    save(file.blob, file.name);
  }, onClose);
  const start = () => {
    if (range) void download(range);
    else setMissing(true);
  };

  return (
    <AppModal
      open
      title={t('export.title', { coin: coin.symbol })}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('export.cancel')}
        </Button>,
        <Button key="download" type="primary" loading={busy} onClick={start}>
          {t('export.download')}
        </Button>,
      ]}
    >
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        <Flex vertical gap={6}>
          <Text strong id="export-range-label">
            {t('export.range')}
          </Text>
          <DatePicker.RangePicker
            aria-labelledby="export-range-label"
            placeholder={[t('profits.start'), t('profits.end')]}
            value={range}
            format={DAY_FORMAT}
            status={missing ? 'error' : undefined}
            disabledDate={(day, info) => {
              if (day.format(DAY_FORMAT) > today) return true;
              const from = info.from?.format(DAY_FORMAT);
              return from !== undefined && Math.abs(day.diff(dayjs(from), 'day')) >= MAX_DAYS;
            }}
            onChange={(days) => {
              setRange(days?.[0] && days[1] ? [days[0], days[1]] : null);
              setMissing(false);
            }}
          />
          {missing && (
            <Text role="alert" style={{ color: token.colorErrorText }}>
              {t('export.range_required')}
            </Text>
          )}
        </Flex>
        <Flex vertical gap={6}>
          <Text strong id="export-format-label">
            {t('export.format')}
          </Text>
          <Radio.Group aria-labelledby="export-format-label" value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'xlsx')}>
            <Radio value="csv">{t('export.csv')}</Radio>
            <Radio value="xlsx">{t('export.xlsx')}</Radio>
          </Radio.Group>
        </Flex>
        <Paragraph tone="secondary" style={{ margin: 0 }}>
          {t('export.note')}
        </Paragraph>
      </Flex>
    </AppModal>
  );
}
