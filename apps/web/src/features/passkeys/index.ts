// What other features use of passkeys: the settings panel and the login screen's passkey button.
export { PasskeysPanel } from './components/PasskeysPanel';
export { PasskeyLogin } from './components/PasskeyLogin';
