// What the app's frame uses of observer links: the banner and the keeper of observer mode.
export { ObserverBanner, ObserverKeeper } from './components/ObserverView';
