/**
 * One error vocabulary for every service (contract section 3).
 * Expected failures are AppErrors with a status and a code; anything else is a fault and becomes 500 INTERNAL.
 */
export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: ErrorDetail[]) {
    super(400, 'VALIDATION_ERROR', message, details);
  }

  /** A single bad field: the message names it, and details carry it as data. */
  static field(path: string, message: string): ValidationError {
    return new ValidationError(`${path}: ${message}`, [{ path, message }]);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'missing or invalid api-key / api-secret') {
    super(401, 'UNAUTHORIZED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(permission: string) {
    super(403, 'FORBIDDEN', `this key lacks the ${permission} permission`);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'not found') {
    super(404, 'NOT_FOUND', message);
  }
}

/** 409: the request conflicts with the record's current state. */
export class ConflictError extends AppError {
  constructor(code: string, message: string) {
    super(409, code, message);
  }
}

/** 422: well-formed, but it breaks a business rule. */
export class BusinessRuleError extends AppError {
  constructor(code: string, message: string, details?: ErrorDetail[]) {
    super(422, code, message, details);
  }
}

export class UpstreamUnavailableError extends AppError {
  constructor(message: string) {
    super(502, 'UPSTREAM_UNAVAILABLE', message);
  }
}
