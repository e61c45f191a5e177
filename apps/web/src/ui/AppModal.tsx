// The one dialog of the app: Ant Design's Modal at the widths of SPEC.md section 9 (560 px on
// desktop, 350 px on phones). Every dialog goes through this so the rule lives in one place.
import { Modal, type ModalProps } from 'antd';
import { useDialogWidth } from './responsive';

export function AppModal(props: Omit<ModalProps, 'width'>) {
  return <Modal centered width={useDialogWidth()} {...props} />;
}
