import { InputNumber, type InputNumberProps } from 'antd';

/**
 * The app's number field: Ant Design's InputNumber without its step buttons. rc-input-number
 * labels those buttons "Increase Value" / "Decrease Value" in English whatever the locale, so a
 * screen reader would read English on a Chinese page; the arrow keys still step the value.
 * Every number field goes through here (apps/web/test/number-input.test.ts checks).
 */
export function NumberInput<T extends number | string = number>(props: Omit<InputNumberProps<T>, 'controls'>) {
  return <InputNumber<T> {...props} controls={false} />;
}
