// The frame of every account-security change (email, phone, password, pay password): a form dialog
// whose fields end with the second factor the operation asks for; the change is sent with that
// verification, and on success the dialog says so and loads the user again. A refusal the server
// gives after it spent the second factor (`spentBy`) empties the codes, saying new ones are needed.
import type { ReactNode } from 'react';
import type { FormInstance } from 'antd';
import type { SecurityOperation } from '@hashpool/shared';
import type { UserMine, Verification } from '../accounts.api';
import { FormDialog } from '../../../shell/forms/FormDialog';
import type { ErrorFieldMap } from '../../../shell/forms/server-errors';
import { SecondFactorFields, verificationOf } from '../../../shell/verification/SecondFactorFields';
import { useSecurityDone } from './useSecurityDone';

interface SecurityChangeDialogProps<T extends { verification?: Verification }> {
  mine: UserMine;
  operation: SecurityOperation;
  form: FormInstance<T>;
  title: ReactNode;
  onClose: () => void;
  /** Sends the change with the second factor's verification. */
  change: (values: T, verification: Verification) => Promise<unknown>;
  /** The toast after a change that went through. */
  doneMessage: string;
  /** Server codes that belong next to one of this dialog's inputs. */
  byCode?: ErrorFieldMap;
  /**
   * Server codes refused after the second factor was checked and spent (security.service.ts checks
   * it first): the verification codes are emptied, since they cannot pass again.
   */
  spentBy?: readonly number[];
  children: ReactNode;
}

export function SecurityChangeDialog<T extends { verification?: Verification }>({ mine, operation, form, title, onClose, change, doneMessage, byCode, spentBy, children }: SecurityChangeDialogProps<T>) {
  const done = useSecurityDone();
  return (
    <FormDialog<T>
      form={form}
      title={title}
      onClose={onClose}
      errorFields={{ byCode, afterSecondFactor: (error) => spentBy?.includes(error.code) ?? false }}
      onSubmit={async (values) => {
        await change(values, verificationOf(values));
        await done(doneMessage);
      }}
    >
      {children}
      <SecondFactorFields mine={mine} operation={operation} />
    </FormDialog>
  );
}
