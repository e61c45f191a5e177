// The second factor of a security change (docs/security.md item 16): the authenticator's code
// when the user has one, otherwise a code sent to the bound email (or phone), bound to this
// operation on the server. Goes inside a form; its values land under `verification`.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SecurityOperation } from '@hashpool/shared';
import type { UserMine } from '../session/user.api';
import { verificationApi, type Verification } from './verification.api';
import { formRules } from '../forms/rules';
import { CodeField } from './CodeField';

/**
 * Which proofs the server will ask for, from the user's record: the authenticator when bound,
 * otherwise a code to the email (or phone). Changing a bound email proves the old address too,
 * with the authenticator besides when bound (security.service.ts, verifySecondFactor).
 */
export function secondFactorsOf(mine: Pick<UserMine, 'has_totp' | 'email' | 'phone'>, operation: SecurityOperation): Array<'totp' | 'email' | 'sms'> {
  if (operation === 'email_change' && mine.email) return mine.has_totp ? ['totp', 'email'] : ['email'];
  if (mine.has_totp && operation !== 'totp_bind') return ['totp'];
  return [mine.email ? 'email' : 'sms'];
}

interface SecondFactorFieldsProps {
  mine: UserMine;
  operation: SecurityOperation;
  /**
   * Wallet operations: what the code confirms (walletSubject of packages/shared), read when the
   * code is asked for. Null when the form cannot say yet (its fields show why): nothing is sent.
   */
  subject?: () => Promise<string | null>;
}

export function SecondFactorFields({ mine, operation, subject }: SecondFactorFieldsProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const rules = formRules(t);
  return (
    <>
      {secondFactorsOf(mine, operation).map((factor) => {
        if (factor === 'totp') {
          return (
            <Form.Item key={factor} name={['verification', 'totp_code']} label={t('code.totp_label')} rules={rules.code} extra={t('second_factor.totp_hint')}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
          );
        }
        const target = factor === 'email' ? mine.email : mine.phone;
        return (
          <CodeField
            key={factor}
            name={['verification', factor === 'email' ? 'email_code' : 'sms_code']}
            label={factor === 'email' ? t('second_factor.email_label') : t('second_factor.sms_label')}
            rules={rules.code}
            extra={t('second_factor.sent_to', { target: maskContact(target ?? '') })}
            onSend={async () => {
              const about = subject ? await subject() : undefined;
              if (about === null) return null;
              return (await verificationApi.sendOperationCode(operation, factor, about).catch(() => null))?.resend_after ?? null;
            }}
          />
        );
      })}
    </>
  );
}

/** "mi***@example.com", "+86 138****00": enough to recognise, not enough to copy. */
export function maskContact(value: string): string {
  const at = value.indexOf('@');
  if (at > 0) return `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
  const digits = value.replace(/\s+/g, ' ');
  const space = digits.indexOf(' ');
  const number = space > 0 ? digits.slice(space + 1) : digits;
  const prefix = space > 0 ? digits.slice(0, space + 1) : '';
  return number.length > 5 ? `${prefix}${number.slice(0, 3)}****${number.slice(-2)}` : value;
}

/** The verification object out of form values (only the code that was asked for). */
export function verificationOf(values: { verification?: Verification }): Verification {
  const v = values.verification ?? {};
  return Object.fromEntries(Object.entries(v).filter(([, code]) => typeof code === 'string' && code !== '')) as Verification;
}
