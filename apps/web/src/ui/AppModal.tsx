// The one dialog of the app: Ant Design's Modal at the widths of docs/rules.md, Limits and constants (560 px on
// desktop, 350 px on phones). A few short dialogs (deposit, transfer) are 350 px everywhere: their
// content is one column of a phone's width anyway. Every dialog goes through this so the rule
// lives in one place, and so does giving the focus back to what opened it (useReturnFocus).
import { useEffect, useRef, useState } from 'react';
import { Modal, type ModalProps } from 'antd';
import { DIALOG_WIDTH, useDialogWidth } from './responsive';

export function AppModal({ narrow = false, ...props }: Omit<ModalProps, 'width'> & { narrow?: boolean }) {
  const width = useDialogWidth();
  useReturnFocus(props.open === true);
  return <Modal centered width={narrow ? DIALOG_WIDTH.mobile : width} {...props} />;
}

/**
 * After a dialog closes, the focus goes back to the control that opened it (WCAG 2.4.3). Ant
 * Design's Modal does so (focusTriggerAfterClose) when `open` turns false, but most dialogs here
 * are closed by unmounting them, and then the focus falls to the page's body. So the element that
 * had the focus when the dialog opened is noted, and focused again on unmount if the focus was lost.
 */
function useReturnFocus(open: boolean) {
  const [wasOpen, setWasOpen] = useState(false);
  const [opener, setOpener] = useState<Element | null>(null);
  // Noted while rendering the opening, before the dialog (or an autofocused field in it) takes the focus.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(document.activeElement);
  }
  const latest = useRef<Element | null>(null);
  useEffect(() => {
    latest.current = opener;
  }, [opener]);
  useEffect(
    () => () => {
      const target = latest.current;
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && target instanceof HTMLElement && target.isConnected) target.focus({ preventScroll: true });
    },
    [],
  );
}
