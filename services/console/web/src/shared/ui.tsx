import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { StatementSchemas } from '@finance/client';
import { loadCategories, loadScopes } from './calls';
import { ApiError } from './http';
import { formatMilli, formatMinor } from './money';

export const TRANSACTION_TYPES = [
  'income',
  'expense',
  'asset',
  'liability',
  'transfer',
  'unknown',
] as const satisfies StatementSchemas['Transaction']['type'][];

/** Loads data, reloads on demand (and every `refreshMs` while the page is open), keeps the last good value. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], refreshMs?: number) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<ApiError | Error | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const loader = useRef(load);
  loader.current = load;
  const reload = useCallback(async () => {
    try {
      const value = await loader.current();
      setData(value);
      setError(undefined);
    } catch (err) {
      setError(err as Error);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    setLoading(true);
    void reload();
    if (!refreshMs) return;
    const timer = setInterval(() => void reload(), refreshMs);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return { data, error, loading, reload, setData };
}

/**
 * What a person reads of an error: a service's refusal of one field is `<path>: <message>` (so an API client sees
 * the field); the page shows the message alone, in words, without the field path (issue 35).
 */
export function plainMessage(error: Error | string): string {
  if (typeof error === 'string') return error;
  const only = error instanceof ApiError && error.details?.length === 1 ? error.details[0] : undefined;
  if (only && error.message.startsWith(`${only.path}: `)) {
    const rest = error.message.slice(only.path.length + 2);
    // The field in words ("entries[0].currency" is "currency"), unless the message already names it.
    const field = (
      only.path
        .split(/[.[\]]/)
        .filter((part) => part && !/^\d+$/.test(part))
        .pop() ?? ''
    ).replaceAll('_', ' ');
    const text = !field || rest.toLowerCase().includes(field.toLowerCase()) ? rest : `${field}: ${rest}`;
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return error.message;
}

export function ErrorNote({ error }: { error?: Error | string | null }) {
  if (!error) return null;
  const message = plainMessage(error);
  const details = error instanceof ApiError ? error.details : undefined;
  return (
    <div className="error" role="alert">
      {message}
      {details && details.length > 1 && (
        <ul>
          {details.map((d) => (
            <li key={d.path + d.message}>
              {d.path}: {d.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

export function Loading() {
  return (
    <p className="muted" aria-live="polite">
      Loading…
    </p>
  );
}

/** Runs an action, tracking busy and error state for a form. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | undefined>(undefined);
  const run = useCallback(async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await fn();
      return true;
    } catch (err) {
      setError(err as Error);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, setError };
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const area = document.createElement('textarea');
      area.value = text;
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button type="button" className="secondary" onClick={() => void copy()}>
      {copied ? 'Copied' : label}
    </button>
  );
}

export const formatNumber = (n: number, digits = 2) => n.toLocaleString('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Ledger amounts are integers of the currency's minor units (paise, cents; whole yen; fils): shown in its own decimals. */
export const minor = (n: number | null | undefined, currency?: string | null) => (n === null || n === undefined ? '—' : formatMinor(n, currency));
/** Statement amounts are integers of milli-units: shown in the currency's own decimals (all three when not whole). */
export const milli = (n: number | null | undefined, currency?: string | null) => (n === null || n === undefined ? '—' : formatMilli(n, currency));
export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—');
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * What the session's key may do, from the service's own whoami, so a page offers only actions the API would
 * accept. Nothing is granted until the answer is in (and if it fails: the page's own requests show why).
 */
export function useGrants(service: 'snapshot' | 'ledger' | 'statement' = 'ledger') {
  const scopes = useLoad(() => loadScopes(service), [service]);
  const can = useCallback(
    (permission: string) => {
      const [model, action] = permission.split(':');
      return (scopes.data?.[model!] as string[] | undefined)?.includes(action!) ?? false;
    },
    [scopes.data],
  );
  return { can, loaded: scopes.data !== undefined };
}

/**
 * On a narrow screen a wide table scrolls sideways inside its own box (styles.css), never the page. A box that
 * scrolls must be reachable from the keyboard to be scrolled, so a table (or code block) wider than its box gets
 * tabindex 0, and loses it when it fits again. Watched for the whole content area: pages add tables as data loads.
 */
export function useScrollableTables(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const edge = element.getBoundingClientRect().right;
      for (const table of element.querySelectorAll<HTMLTableElement>('table')) {
        // A table wider than the content area scrolls in its own box at any width (issue 35: at 1366 px the
        // transactions and an open reconciliation pushed the whole page sideways); one that fits stays a table.
        const wide = table.classList.contains('too-wide') ? table.scrollWidth > table.clientWidth + 1 : table.getBoundingClientRect().right > edge + 1;
        table.classList.toggle('too-wide', wide);
        // On a narrow screen each row is a card whose cells carry their column's name (styles.css): the names come
        // from the table's own header, so every table reflows without each page labelling its cells.
        const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
        if (heads.length === 0) continue;
        for (const row of table.querySelectorAll('tbody tr, tfoot tr')) {
          [...row.children].forEach((cell, i) => {
            const label = heads[i];
            if (label && (cell as HTMLElement).dataset.label !== label) (cell as HTMLElement).dataset.label = label;
          });
        }
      }
      for (const box of element.querySelectorAll<HTMLElement>('table, pre')) {
        const scrolls = box.scrollWidth > box.clientWidth + 1;
        if (scrolls && box.tabIndex !== 0) box.tabIndex = 0;
        if (!scrolls && box.getAttribute('tabindex') === '0' && box.dataset.keepTab === undefined) box.removeAttribute('tabindex');
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [root]);
}

/** Asks before a destructive or wide change, in the page (keyboard-reachable, named), not with window.confirm. */
export function Confirm({
  question,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
}: {
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <div className="confirm-box" role="alertdialog" aria-label={confirmLabel} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <span>{question}</span>
      <button type="button" className="danger" ref={yes} disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/**
 * The organization's categories, for suggestions where a category is typed: every category its statement rows
 * carry (the statement service's GET /categories over all dates), most used first. Rendered as a datalist.
 */
export function CategoryOptions({ id }: { id: string }) {
  const categories = useLoad(loadCategories, []);
  return (
    <datalist id={id}>
      {categories.data?.map((c) => (
        <option key={c} value={c} />
      ))}
    </datalist>
  );
}
