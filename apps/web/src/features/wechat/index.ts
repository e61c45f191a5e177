// What other features use of WeChat: the settings line and the login button.
export { WechatLoginButton } from './components/WechatLoginButton';
export { WechatSettingRow } from './components/WechatSettingRow';
