import { useState } from 'react';
import { changeBlock, useBlockNotice, type BlockNotice as Notice } from './member-blocks.ts';
import { refusalMessage } from '../refusal-message.ts';

/**
 * What the member's last block did ("You blocked ana."), where the feed is, with Undo for what can be
 * taken back (members and games). A polite status, so that a screen reader hears where the item went.
 */
export function BlockNotice() {
  const notice = useBlockNotice();
  return (
    <div className="block-notice" role="status">
      {notice ? <NoticeLine key={`${notice.text} ${notice.undo?.id ?? ''}`} notice={notice} /> : null}
    </div>
  );
}

function NoticeLine({ notice }: { notice: Notice }) {
  const [refused, setRefused] = useState('');
  const { undo } = notice;
  if (refused) return <p>{refused}</p>;
  return (
    <p>
      {notice.text}{' '}
      {undo ? (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            changeBlock(undo.kind, undo.id, false, { text: 'Undone.' }).catch((error: unknown) => {
              setRefused(refusalMessage(error, 'undo this'));
            });
          }}
        >
          Undo
        </button>
      ) : null}
    </p>
  );
}
