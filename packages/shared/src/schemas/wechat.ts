// WeChat website login (QR connect) and its binding in the security settings.
import { z } from 'zod';
import { verificationSchema } from './accounts';

/** Whether the pool offers WeChat (its App ID and secret are set), and whether this user bound one. */
export const wechatStatusSchema = z.object({ enabled: z.boolean(), bound: z.boolean(), bound_at: z.string().nullable() });
export type WechatStatus = z.infer<typeof wechatStatusSchema>;
export const wechatConfigSchema = z.object({ enabled: z.boolean() });

/** Where the browser goes next: WeChat's QR-connect page, with our single-use state. */
export const wechatAuthorizeSchema = z.object({ url: z.string() });
export const wechatBindStartBodySchema = z.strictObject({ verification: verificationSchema });
export const wechatUnbindBodySchema = z.strictObject({ verification: verificationSchema });

/** What WeChat sent back to /bind-wechat. */
export const wechatCallbackBodySchema = z.strictObject({
  code: z.string().min(1).max(256).regex(/^[\w-]+$/),
  state: z.string().min(16).max(128).regex(/^[\w-]+$/),
});

/** The page the QR-connect redirect comes back to (the web route BindWechat). */
export const WECHAT_REDIRECT_PATH = '/bind-wechat';
