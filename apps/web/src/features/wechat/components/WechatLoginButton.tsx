// "Log in with WeChat" under the login form, when the pool offers WeChat: to WeChat's QR page,
// which sends the browser back to /bind-wechat.
import { useState } from 'react';
import { Button, Divider } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { wechatApi, wechatKeys } from '../wechat.api';

export function WechatLoginButton() {
  const { t } = useTranslation('wechat');
  const [busy, setBusy] = useState(false);
  const config = useQuery({ queryKey: wechatKeys.config, queryFn: ({ signal }) => wechatApi.config(signal), staleTime: 5 * 60_000 });
  if (!config.data?.enabled) return null;
  return (
    <>
      <Divider plain>{t('login.or')}</Divider>
      <Button
        block
        size="large"
        icon={<WechatOutlined />}
        loading={busy}
        onClick={() => {
          setBusy(true);
          wechatApi
            .loginAuthorize()
            .then(({ url }) => window.location.assign(url))
            .catch(() => setBusy(false));
        }}
      >
        {t('login.button')}
      </Button>
    </>
  );
}
