// /contract/terms (contract.view): how cloud-mining contracts work here (the rules every product
// shares), then the terms of one product (?id=) or of every product on sale, in the user's language.
import { nameOf } from '@hashpool/shared';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../ui/PageSpinner';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Text } from '../../../ui/Text';
import { useProducts } from '../contracts.queries';
import { ContractFrame } from '../components/ContractParts';
import { termsOf } from '../components/terms';

const RULES = ['order', 'pay', 'cancel', 'effect', 'profit', 'shortfall', 'end'] as const;

export default function TermsPage() {
  const { t, i18n } = useTranslation('contracts');
  const [params] = useSearchParams();
  const id = params.get('id');
  const products = useProducts();
  const shown = products.data?.list.filter((p) => (id ? p.id === id : p.status === 'on_sale')) ?? [];
  return (
    <ContractFrame title={t('terms.title')}>
      <Panel title={t('terms.general')}>
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {RULES.map((rule) => (
            <li key={rule} style={{ marginBottom: 8 }}>
              <Text>{t(`terms.rules.${rule}`)}</Text>
            </li>
          ))}
        </ol>
      </Panel>
      {!products.data ? (
        <PageSpinner />
      ) : (
        <Flex vertical gap={16}>
          {shown.map((p) => (
            <Panel key={p.id} title={nameOf(p, i18n.language)}>
              <Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{termsOf(p, i18n.language) || t('terms.none')}</Paragraph>
            </Panel>
          ))}
        </Flex>
      )}
    </ContractFrame>
  );
}
