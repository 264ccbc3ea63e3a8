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

/** How a search hit's accessible name mentions the file (", shares report.pdf"). */
export const attachmentLabel = (file: FileView | null): string => (file ? `, shares ${file.name}` : '');
