// Sending a verification code from a form, the two ways the account screens do it. Both check the
// address inputs first (their messages appear next to them) and answer the seconds until a resend,
// or null when nothing was sent (the reason is shown already).
import type { FormInstance } from 'antd';
import { ERRORS } from '@hashpool/shared';
import { accountsApi } from '../accounts.api';
import { ApiError } from '../../../shell/api/api-error';
import { contactFieldNames, targetOf, type Channel, type ContactValues } from '../components/ContactFields';
import { showFormError } from '../../../shell/forms/server-errors';
import type { Captcha } from './useCaptcha';

/** The forms carry more than the address; these helpers only touch its inputs. */
const asContactForm = <T extends ContactValues>(form: FormInstance<T>) => form as unknown as FormInstance<ContactValues>;

async function addressIsValid(form: FormInstance<ContactValues>, channel: Channel): Promise<boolean> {
  try {
    await form.validateFields(contactFieldNames(channel));
    return true;
  } catch {
    return false;
  }
}

/** A registration or reset code: after the captcha (docs/rules.md, The API: captcha before sending the code). */
export async function sendCodeAfterCaptcha<T extends ContactValues>(
  anyForm: FormInstance<T>,
  channel: Channel,
  purpose: 'register' | 'reset_password',
  captcha: Captcha,
  onSent: () => void,
): Promise<number | null> {
  const form = asContactForm(anyForm);
  if (!(await addressIsValid(form, channel))) return null;
  const answer = await captcha.run();
  if (!answer) return null;
  try {
    const sent = await accountsApi.sendCode(purpose, targetOf(channel, form.getFieldsValue()), answer);
    onSent();
    return sent.resend_after;
  } catch (error) {
    if (error instanceof ApiError && error.code === ERRORS.captcha_failed.code) captcha.refused();
    showFormError(form, error);
    return null;
  }
}

/** A code to an email or phone about to be bound (settings); taken by another account: said at the input. */
export async function sendCodeToNewTarget<T extends ContactValues>(anyForm: FormInstance<T>, channel: Channel): Promise<number | null> {
  const form = asContactForm(anyForm);
  if (!(await addressIsValid(form, channel))) return null;
  try {
    return (await accountsApi.sendNewTargetCode(targetOf(channel, form.getFieldsValue()))).resend_after;
  } catch (error) {
    showFormError(form, error, { byCode: { [ERRORS.contact_taken.code]: channel === 'email' ? 'email' : 'phone' } });
    return null;
  }
}
