// The name of what an operator names (contract and loan products, coupon campaigns, red packets) in
// the other languages than English: the form's `names` field, one input per language. A language
// left empty shows the English name (nameOf of @hashpool/shared).
import { LANGUAGE_NAMES, LANGUAGES } from '@hashpool/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export function NamesPerLanguage({ max }: { max: number }) {
  const { t } = useTranslation();
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend style={{ fontSize: 'inherit', marginBottom: 8 }}>{t('names.title')}</legend>
      {LANGUAGES.filter((lang) => lang !== 'en').map((lang) => (
        <Form.Item key={lang} name={['names', lang]} label={t('names.name_in', { language: LANGUAGE_NAMES[lang] })}>
          <Input maxLength={max} lang={lang} />
        </Form.Item>
      ))}
    </fieldset>
  );
}
