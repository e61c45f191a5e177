// Ant Design's Button imports @ant-design/icons' LoadingOutlined (for `loading`), and with it that
// package's whole component layer. vite.config.ts (ownAntdLoadingIcon) points that import here:
// the same icon drawn by ui/first-screen-icons.tsx, which the first screen's other icons use.
import { LoadingOutlined } from '../ui/first-screen-icons';

export default LoadingOutlined;
