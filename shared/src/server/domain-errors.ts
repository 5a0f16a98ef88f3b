/**
 * What a service says went wrong, in the words a person should read. The api maps each kind
 * to an HTTP status (api/src/http/errors.ts); the worker records the message on the run.
 * Services never know about HTTP.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    /** A stable machine-readable code the client may branch on. */
    readonly code?: string,
    readonly details?: string[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request cannot be carried out as asked (400). */
export class InvalidInputError extends DomainError {}
/** No valid sign-in, or a credential that is not (or no longer) good (401). */
export class NotAuthenticatedError extends DomainError {}
/** Signed in, but this is not yours to do (403). */
export class NotAllowedError extends DomainError {}
/** Nothing by that id, or nothing the caller may see (404). */
export class NotFoundError extends DomainError {}
/** The state has moved on: a duplicate, a taken name, a finished run (409). */
export class ConflictError extends DomainError {}
/** What was sent is bigger than allowed (413). */
export class TooLargeError extends DomainError {}
/** Not enough credits for what was asked (402). */
export class PaymentRequiredError extends DomainError {
  constructor(
    message: string,
    code?: string,
    /** What was asked costs `required` credits; the person has `available` (both go to the answer). */
    readonly amounts?: { required: number; available: number },
  ) {
    super(message, code);
  }
}
/** Too much, too often (429); `retryAfterSeconds`, when known, goes to the Retry-After header. */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    code = 'RATE_LIMITED',
    readonly retryAfterSeconds?: number,
  ) {
    super(message, code);
  }
}
/** A dependency we rely on did not answer (503). */
export class UnavailableError extends DomainError {}
