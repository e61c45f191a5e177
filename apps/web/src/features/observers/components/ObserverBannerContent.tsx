// The observer-mode banner (loaded lazily by ObserverView): whose sub-account is shown, that it
// is read-only, and the way out.
import { Alert, Button } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ObserverInfo } from '@hashpool/shared';

export default function Banner({ info }: { info: ObserverInfo }) {
  const { t } = useTranslation('observers');
  const navigate = useNavigate();
  const leave = () => {
    void navigate('/', { replace: true, state: { leaveObserver: true } });
  };
  return (
    <Alert
      type="info"
      showIcon
      icon={<EyeOutlined />}
      data-testid="observer-banner"
      style={{ marginBottom: 16 }}
      message={t('banner', { account: info.account })}
      description={t('banner_detail', { nickname: info.nickname })}
      action={
        <Button size="small" onClick={leave}>
          {t('banner_leave')}
        </Button>
      }
    />
  );
}
