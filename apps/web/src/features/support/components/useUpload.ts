// One upload at a time from a picker: the file goes up at once; a refusal of the server (type or
// size, too many unused ticket uploads, or a month's uploads at their total) shows its own message, anything else `failedText`
// ("Upload failed, please try again").
import { useState } from 'react';
import { ERRORS } from '@hashpool/shared';
import { ApiError } from '../../../shell/api/api-error';

const REFUSALS: number[] = [ERRORS.upload_type_refused.code, ERRORS.upload_too_large.code, ERRORS.ticket_uploads_exceeded.code, ERRORS.ticket_upload_quota_exceeded.code];

export function useUpload<T>(upload: (file: File) => Promise<T>, onStored: (stored: T) => void, failedText: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      onStored(await upload(file));
    } catch (caught) {
      setError(caught instanceof ApiError && caught.kind === 'server' && REFUSALS.includes(caught.code) ? caught.message : failedText);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, add };
}
