// How a failed call reaches the user. The client cannot render; the app shell registers the real
// presenter (toast on desktop, alert on mobile) once Ant Design's context exists.
import { ApiError } from './api-error';

type Presenter = (error: ApiError) => void;

let presenter: Presenter = (error) => console.error(error);

export function setErrorPresenter(next: Presenter): void {
  presenter = next;
}

export function presentError(error: ApiError): void {
  presenter(error);
}

/**
 * A caught failure of a silent call that has no better place on the page (a confirmation, a
 * button): shown as the client would have shown it. A cancelled call says nothing.
 */
export function presentFailure(error: unknown): void {
  if (!(error instanceof ApiError)) console.error(error);
  else if (error.kind !== 'aborted') presenter(error);
}
