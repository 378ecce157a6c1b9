import { useState } from 'react';

import { type QueueRow, type QueueSort } from '@contract';
import { useCan } from '~/hooks/use-me';

import { QueueBulk } from './queue-bulk';
import { leadRef } from './queue-bulk-fields';
import { QueueRows } from './queue-rows';

/**
 * The queue's rows and, for a role that works leads (`leads.work`), their selection and the bulk
 * toolbar above them. The selection is of the rows shown: a lead that leaves the list leaves it.
 */
export function QueueList({
  rows,
  search,
  openId,
  sort,
}: {
  rows: readonly QueueRow[];
  search: string;
  openId?: string;
  sort: QueueSort;
}) {
  const canWork = useCan('leads.work');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const refs = rows.map((row) => leadRef(row.kind, row.id));
  const selected = refs.filter((ref) => picked.has(ref));
  const list = <QueueRows rows={rows} search={search} openId={openId} sort={sort} />;
  if (!canWork) return list;
  return (
    <>
      <QueueBulk
        selected={selected}
        shown={refs.length}
        onSelectAll={(all) => setPicked(new Set(all ? refs : []))}
        onDone={(done) =>
          setPicked((before) => new Set([...before].filter((ref) => !done.includes(ref))))
        }
      />
      <QueueRows
        rows={rows}
        search={search}
        openId={openId}
        sort={sort}
        selection={{
          selected: new Set(selected),
          toggle: (ref) =>
            setPicked((before) => {
              const next = new Set(before);
              if (!next.delete(ref)) next.add(ref);
              return next;
            }),
        }}
      />
    </>
  );
}
