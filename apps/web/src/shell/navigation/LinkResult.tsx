// A status result whose one way on is a link, shown as the primary button: "not available"
// (back home), "no sub-account yet" (create one).
import type { ComponentProps, ReactNode } from 'react';
import { Button } from 'antd';
import { StatusResult } from '../../ui/StatusResult';
import { SafeLink } from './navigation';

type LinkResultProps = Omit<ComponentProps<typeof StatusResult>, 'extra'> & {
  /** Where the button goes. */
  to: string;
  /** The button's text. */
  action: ReactNode;
};

export function LinkResult({ to, action, ...result }: LinkResultProps) {
  return (
    <StatusResult
      {...result}
      extra={
        <SafeLink to={to}>
          <Button type="primary">{action}</Button>
        </SafeLink>
      }
    />
  );
}
