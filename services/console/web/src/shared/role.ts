/**
 * The signed-in person's role (issue 35, "roles shape the screens"): a viewer's session key reads only (README,
 * "Roles"), so the pages show a viewer no control that would write (create, edit, delete, run, reverse, upload,
 * editable cells) rather than one that fails. Finer checks by the key's own scopes stay where they were
 * (`useGrants`: the reconciliation page, the statement accounts).
 */
import { createContext, useContext } from 'react';

export type Role = 'admin' | 'member' | 'viewer';

/** Provided by the shell from the session; nothing is writable outside it. */
export const RoleContext = createContext<Role>('viewer');

export const useRole = () => useContext(RoleContext);
/** Whether the page may offer writes at all. */
export const useCanWrite = () => useContext(RoleContext) !== 'viewer';
