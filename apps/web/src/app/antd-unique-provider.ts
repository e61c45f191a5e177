// Ant Design's ConfigProvider imports the tooltips' UniqueProvider (one shared popup for every
// tooltip) and with it the positioning engine, portals and motion of @rc-component/trigger, about
// 7 KB compressed, though it renders it only with `tooltip={{ unique: true }}`, which this app does
// not set. vite.config.ts (deferAntdUniqueProvider) points ConfigProvider's import here, so the
// code stays with the pages whose tooltips use it. Should the option ever be set, the provider
// loads before the tree under it renders (React suspends the root until then).
import { lazy } from 'react';

export default lazy(() => import('antd/es/tooltip/UniqueProvider'));
