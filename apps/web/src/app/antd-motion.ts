// What three of Ant Design's first-screen modules take from @rc-component/motion (ConfigProvider's
// MotionWrapper its Provider, Button's loading icon and click wave CSSMotion), from the modules that
// define them. Through the package's index, CSSMotionList came along into the first screen's chunk
// (vite.config.ts puts every module the entry reaches there), though only lazy pages use it.
// vite.config.ts (antdMotionDirect) points those imports here.
export { default } from '@rc-component/motion/es/CSSMotion';
export { default as Provider } from '@rc-component/motion/es/context';
