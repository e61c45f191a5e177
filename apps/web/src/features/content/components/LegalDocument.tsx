// A long text page (terms, about) from the `legal` namespace: a title, an introduction and
// titled sections whose bodies keep their paragraph breaks. The words live in the locale files,
// so every language carries the full text.
import { useTranslation } from 'react-i18next';
import { useParameters } from '../../../shell/site/site.queries';
import { useSiteName } from '../../../shell/site/site';
import { Panel } from '../../../ui/Panel';
import { Paragraph, Title } from '../../../ui/Text';

export function LegalDocument({ document: doc, sections }: { document: 'terms' | 'about'; sections: readonly string[] }) {
  const { t } = useTranslation('legal');
  const site = useSiteName();
  const email = useParameters().data?.support_email ?? '';
  const values = { site, email };
  const title = t(`${doc}.title`, values);

  return (
    <Panel style={{ maxWidth: 880, margin: '0 auto', padding: 'clamp(20px, 4vw, 40px)' }}>
      <article>
        <Title level={1}>{title}</Title>
        <Paragraph tone="secondary" style={{ fontSize: 16 }}>
          {t(`${doc}.intro`, values)}
        </Paragraph>
        {sections.map((section, index) => (
          <section key={section}>
            <Title level={3} style={{ marginTop: '1.4em' }}>{`${index + 1}. ${t(`${doc}.sections.${section}.title`, values)}`}</Title>
            {t(`${doc}.sections.${section}.body`, values)
              .split('\n\n')
              .map((paragraph) => (
                <Paragraph key={paragraph}>{paragraph}</Paragraph>
              ))}
          </section>
        ))}
      </article>
    </Panel>
  );
}
