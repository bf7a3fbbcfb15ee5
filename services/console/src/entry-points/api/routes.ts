import type { CookieOptions, Request } from 'express';
import type { ConsoleDeps } from '../../domain/deps';
import { keyRoutes } from './keys';
import { memberRoutes } from './members';
import { sessionRoutes } from './session';

/** Every route of the console's API (under /api), declared as data, one file per resource. */
export function consoleRoutes(deps: ConsoleDeps, options: { cookieOptions: (req: Request) => CookieOptions; snapshotUrl: string }) {
  return [...sessionRoutes(deps, options.cookieOptions), ...memberRoutes(deps), ...keyRoutes(deps, options.snapshotUrl)];
}
