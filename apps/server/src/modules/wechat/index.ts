// The WeChat module's one door.
import type { WechatApi } from './wechat.module';

export { wechatModule, type WechatApi } from './wechat.module';

declare module '../../platform/modules' {
  interface ModuleApis { wechat: WechatApi }
}
