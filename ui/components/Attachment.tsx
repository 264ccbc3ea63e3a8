/** The file a message shares, as a line under its text: its name and size (in a message and in a search hit). */
import type { FileView } from '../../protocol/views';
import { formatBytes } from './dialog-helpers';

export function Attachment({ file }: { file: FileView }) {
  return (
    <span className="attachment">
      <span aria-hidden="true">📎</span> <span className="attachment-name">{file.name}</span>
      {file.size !== null && <span className="attachment-size"> ({formatBytes(file.size)})</span>}
    </span>
  );
}

/** The attachment's text as it shows (the clip is decoration): "report.pdf (47.1 KB)", for an accessible name. */
export const attachmentText = (file: FileView): string => `${file.name}${file.size !== null ? ` (${formatBytes(file.size)})` : ''}`;
