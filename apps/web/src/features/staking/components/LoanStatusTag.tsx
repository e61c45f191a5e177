// A loan's state as a coloured tag.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Loan } from '../staking.api';

const COLOURS: Record<Loan['status'], string> = { pending: 'gold', active: 'blue', completed: 'green', cancelled: 'default' };

export function LoanStatusTag({ status }: { status: Loan['status'] }) {
  const { t } = useTranslation('staking');
  return <Tag color={COLOURS[status]}>{t(`loan.states.${status}`)}</Tag>;
}
