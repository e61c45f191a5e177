// After a security change: say so and load the user again (has_totp, email, withdrawal hold…).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { userKeys } from '../../../shell/session/user.queries';
import { useToast } from '../../../ui/toast';

export function useSecurityDone(): (message: string) => Promise<void> {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useCallback(
    async (message: string) => {
      toast.success(message);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    [queryClient, toast],
  );
}
