import { Fragment } from 'react';
import styled from 'styled-components';

const Mark = styled.mark`
  background: transparent;
  color: ${({ theme }) => theme.colors.primaryStrong};
  font-weight: 600;
`;

export interface TextRange {
  start: number;
  end: number;
}

/** A text with the given `[start, end)` ranges (UTF-16 indices, sorted, apart) marked. */
export function Highlight({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  const parts: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start < at || end > text.length || start >= end) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return (
    <>
      {parts.map((part, i) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Mark key={i}>{part.text}</Mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
