// How a failed call reaches the user. The client cannot render; the app shell registers the real
// presenter (toast on desktop, alert on mobile) once Ant Design's context exists.
import type { ApiError } from './api-error';

type Presenter = (error: ApiError) => void;

let presenter: Presenter = (error) => console.error(error);

export function setErrorPresenter(next: Presenter): void {
  presenter = next;
}

export function presentError(error: ApiError): void {
  presenter(error);
}
