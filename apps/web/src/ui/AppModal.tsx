// The one dialog of the app: Ant Design's Modal at the widths of docs/rules.md, Limits and constants (560 px on
// desktop, 350 px on phones). A few short dialogs (deposit, transfer) are 350 px everywhere: their
// content is one column of a phone's width anyway. Every dialog goes through this so the rule
// lives in one place.
import { Modal, type ModalProps } from 'antd';
import { DIALOG_WIDTH, useDialogWidth } from './responsive';

export function AppModal({ narrow = false, ...props }: Omit<ModalProps, 'width'> & { narrow?: boolean }) {
  const width = useDialogWidth();
  return <Modal centered width={narrow ? DIALOG_WIDTH.mobile : width} {...props} />;
}
