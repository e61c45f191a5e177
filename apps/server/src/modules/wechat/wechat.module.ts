// The WeChat module in the registry: WeChat Open Platform website login and its
// binding in the security settings. Without WECHAT_APP_ID and WECHAT_APP_SECRET it offers
// nothing (GET /wechat/config says so and the web hides it).
import { defineModule } from '../../platform/modules';
import { WechatClient } from './wechat.client';
import { wechatRoutes } from './wechat.routes';
import { WechatService } from './wechat.service';

export interface WechatApi {
  wechat: WechatService;
}

export const wechatModule = defineModule({
  name: 'wechat',
  dependsOn: ['accounts'],
  create: (p, use) => {
    const { config } = p;
    const client =
      config.WECHAT_APP_ID && config.WECHAT_APP_SECRET
        ? new WechatClient({ appId: config.WECHAT_APP_ID, appSecret: config.WECHAT_APP_SECRET, connectBase: config.WECHAT_CONNECT_BASE, apiBase: config.WECHAT_API_BASE }, p.log)
        : null;
    const accounts = use('accounts');
    return { wechat: new WechatService(p.db, p.clock, client, { auth: accounts.auth, security: accounts.security }) };
  },
  routes: (api, p) => wechatRoutes(api.wechat, p.config.PUBLIC_ORIGIN),
});
