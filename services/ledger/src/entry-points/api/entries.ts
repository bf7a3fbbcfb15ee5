import { defineRoute, fieldsOf, listReply } from '@finance/platform';
import type { Db } from '../../domain/db';
import * as entries from '../../domain/entries';
import { entryView } from '../../views/entries';
import * as s from './schemas';

export function entryRoutes(db: Db) {
  return [
    defineRoute({
      method: 'get',
      path: '/entries',
      permission: 'entries:read',
      summary: "Query entries with their parent's context (read-only); posted only unless status says otherwise",
      list: {
        fields: fieldsOf(entryView),
        filters: s.entryFilters,
        ranges: { date: 'date' },
        sort: { columns: ['date'], default: 'date' },
        prefixes: ['dimension.'],
      },
      response: entryView,
      handler: async ({ auth, list }) => {
        const { rows, total } = await entries.listEntries(db, auth.org.id, list, { ...list.filters, dimensions: list.prefixed['dimension.'] ?? {} });
        return listReply(list, rows, total);
      },
    }),
  ];
}
